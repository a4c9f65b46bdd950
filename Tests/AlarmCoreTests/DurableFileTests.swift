@testable import AlarmCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// What reaches the disk: the file's data, and the directory entry that names it.
@Suite("Durable file")
struct DurableFileTests {
    /// The real system calls, each also written down (syncs by the path the descriptor was opened on).
    final class RecordingFileSystem: FileSystemCalls {
        private let real = PosixFileSystem()
        private let state = Mutex<(calls: [String], paths: [Int32: String])>(([], [:]))

        var calls: [String] { state.withLock { $0.calls } }

        func open(_ path: String, flags: Int32) throws(DurableFile.Failure) -> Int32 {
            let descriptor = try real.open(path, flags: flags)
            state.withLock { $0.paths[descriptor] = path }
            return descriptor
        }

        func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(DurableFile.Failure) -> Int {
            try real.write(descriptor, bytes)
        }

        func sync(_ descriptor: Int32) throws(DurableFile.Failure) {
            try real.sync(descriptor)
            state.withLock { $0.calls.append("sync \($0.paths[descriptor] ?? "?")") }
        }

        func rename(_ old: String, to new: String) throws(DurableFile.Failure) {
            try real.rename(old, to: new)
            state.withLock { $0.calls.append("rename \(old) \(new)") }
        }

        func close(_ descriptor: Int32) {
            real.close(descriptor)
            state.withLock { _ = $0.paths.removeValue(forKey: descriptor) }
        }

        func remove(_ path: String) {
            real.remove(path)
            state.withLock { $0.calls.append("remove \(path)") }
        }
    }

    @Test func aCreatedFileIsPrivateSyncedWithItsDirectoryAndNeverReplaced() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("key.pem")
            let system = RecordingFileSystem()
            try DurableFile(system: system).create(path, with: Array("key\n".utf8))
            #expect(system.calls == ["sync \(path)", "sync \(directory.path)"])
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            #expect(throws: DurableFile.Failure.self) { try DurableFile(system: system).create(path, with: Array("other\n".utf8)) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "key\n")
        }
    }

    @Test func aReplacementSyncsTheDirectoryAfterTheRename() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("state")
            let system = RecordingFileSystem()
            try DurableFile(system: system).replace(path, with: Array("1\n".utf8))
            #expect(system.calls == ["sync \(path).tmp", "rename \(path).tmp \(path)", "sync \(directory.path)"])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "1\n")
        }
    }

    @Test func anAppendThatCreatesTheFileSyncsTheDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("spool")
            let system = RecordingFileSystem()
            try DurableFile(system: system).append(Array("a\n".utf8), to: path)
            try DurableFile(system: system).append(Array("b\n".utf8), to: path)
            #expect(system.calls == ["sync \(path)", "sync \(directory.path)", "sync \(path)"])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
        }
    }
}
