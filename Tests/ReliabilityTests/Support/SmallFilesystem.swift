#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport

/// A tmpfs of a few hundred KiB mounted on a directory, so that a test can fill the disk under a
/// daemon (``fill()``) and make room again (``makeRoom()``). Mounting needs root, or `sudo`
/// without a password; otherwise ``mount(at:size:)`` fails saying so.
struct SmallFilesystem: Sendable {
    let path: String
    private var fillerPath: String { "\(path)/filler" }

    /// Mounts a tmpfs of `size` (as `mount -o size=` takes it) on `path`, created if missing.
    static func mount(at path: String, size: String = "512k") async throws -> SmallFilesystem {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try await privileged(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0777", "tmpfs", path])
        guard result.status.isSuccess else {
            throw TestSupportError(.systemCall, "cannot mount a tmpfs on \(path) (needs root or passwordless sudo): \(result)")
        }
        return SmallFilesystem(path: path)
    }

    /// Unmounts it (lazily, should a daemon still hold a file open).
    func unmount() async {
        _ = try? await Self.privileged(["umount", "-l", path])
    }

    /// Writes a filler file until the filesystem is full (`ENOSPC`).
    func fill() throws {
        guard let handle = fopen(fillerPath, "w") else { throw TestSupportError(.systemCall, "cannot create \(fillerPath)") }
        defer { fclose(handle) }
        let block = [UInt8](repeating: 0x2E, count: 4096)
        while fwrite(block, 1, block.count, handle) == block.count, fflush(handle) == 0 {}
        setbuf(handle, nil)
        while fwrite(block, 1, 1, handle) == 1 {}  // the last bytes of a partly free page
    }

    /// Deletes the filler file.
    func makeRoom() throws {
        try FileManager.default.removeItem(atPath: fillerPath)
    }

    private static func privileged(_ command: [String]) async throws -> ProcessResult {
        if getuid() == 0 { return try await ProcessRunner.run(command[0], arguments: Array(command.dropFirst())) }
        return try await ProcessRunner.run("sudo", arguments: ["-n"] + command)
    }
}
