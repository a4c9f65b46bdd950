import Testing
import Beanstalk

/// Expects `operation` to throw a ``BeanstalkError`` with `code`.
func expectError<T>(
    _ code: BeanstalkError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () async throws -> T
) async {
    do {
        _ = try await operation()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
    } catch let error as BeanstalkError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
