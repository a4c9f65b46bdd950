#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking closures on threads of their own and collects their results in order.
enum ThreadedRuns {
    private final class Run: @unchecked Sendable {
        let work: () throws -> Measurement
        var result: Result<Measurement, any Error> = .failure(RawSocket.Failure(description: "not run"))
        init(_ work: @escaping () throws -> Measurement) { self.work = work }
    }

    static func run(_ works: [() throws -> Measurement]) -> [Result<Measurement, any Error>] {
        let runs = works.map(Run.init)
        var threads: [pthread_t] = []
        for run in runs {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(run).toOpaque()
            pthread_create(&thread, nil, { context in
                let run = Unmanaged<Run>.fromOpaque(context!).takeRetainedValue()
                run.result = Result { try run.work() }
                return nil
            }, context)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        return runs.map(\.result)
    }
}
