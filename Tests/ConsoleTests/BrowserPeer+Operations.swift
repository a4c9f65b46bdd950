/// The browser peer's operations, typed (Tests/Interop/browser_peer.py documents each).
extension BrowserPeer {
    /// Loads `url` and waits for its load event.
    func open(_ url: String) async throws {
        try await call("open", ["url": url])
    }

    /// The address in the address bar now.
    func currentURL() async throws -> String {
        try await call("url") as? String ?? ""
    }

    /// Sets the viewport: a phone (`mobile`: touch, device pixel ratio 2) or a desktop window.
    func viewport(width: Int, height: Int, mobile: Bool) async throws {
        try await call("viewport", ["width": width, "height": height, "mobile": mobile])
    }

    /// Types `text` into the field `selector` (once visible), replacing what it held.
    func type(_ text: String, into selector: String) async throws {
        try await call("type", ["selector": selector, "text": text])
    }

    /// Clicks `selector` once it is visible.
    func click(_ selector: String) async throws {
        try await call("click", ["selector": selector])
    }

    /// Chooses the option with `value` of the `<select>` `selector`.
    func select(_ value: String, in selector: String) async throws {
        try await call("select", ["selector": selector, "value": value])
    }

    /// Waits until `selector` is visible and its text contains `text`; returns its text.
    @discardableResult
    func waitForText(_ text: String, in selector: String, timeout: Duration = .seconds(10)) async throws -> String {
        try await call("wait_text", ["selector": selector, "text": text, "timeout": timeout.inSeconds]) as? String ?? ""
    }

    /// Waits until `selector` is visible (or, with `visible` false, hidden or absent).
    func waitUntil(_ selector: String, isVisible visible: Bool = true, timeout: Duration = .seconds(10)) async throws {
        try await call("wait_visible", ["selector": selector, "visible": visible, "timeout": timeout.inSeconds])
    }

    /// Waits until the JavaScript `script` (a `return …` statement) gives a truthy value; returns it.
    @discardableResult
    func waitForScript(_ script: String, timeout: Duration = .seconds(10)) async throws -> (any Sendable)? {
        try await call("wait_script", ["script": script, "timeout": timeout.inSeconds])
    }

    /// Runs the JavaScript `script` (a function body; `return` gives the value).
    @discardableResult
    func evaluate(_ script: String) async throws -> (any Sendable)? {
        try await call("eval", ["script": script])
    }

    /// Runs the asynchronous JavaScript `script`, which calls `arguments[arguments.length - 1]` with its value.
    func evaluateAsync(_ script: String) async throws -> (any Sendable)? {
        try await call("eval_async", ["script": script])
    }

    /// Saves a PNG of the whole page to `path`.
    func screenshot(to path: String) async throws {
        try await call("screenshot", ["path": path])
    }

    /// axe-core's violations on the page as it is: `rule (impact): targets` per violation.
    func accessibilityViolations() async throws -> [String] {
        let violations = try await call("axe") as? [any Sendable] ?? []
        return violations.compactMap { $0 as? [String: any Sendable] }.map { violation in
            let field = { (name: String) in violation[name].map { String(describing: $0) } ?? "?" }
            return "\(field("id")) (\(field("impact"))): \(field("help")) — \(field("targets"))"
        }
    }

    /// Lets `origin` show notifications without asking.
    func grantNotifications(to origin: String) async throws {
        try await call("grant_notifications", ["origin": origin])
    }

    /// Delivers `data` to the service worker of `origin` as a push message (DevTools
    /// `ServiceWorker.deliverPushMessage`), once the worker is registered.
    func push(_ data: String, to origin: String) async throws {
        try await call("push", ["origin": origin, "data": data, "timeout": 20.0])
    }

    /// Evaluates the JavaScript `expression` in the running service worker of `origin` (a promise
    /// is awaited) and returns its value.
    @discardableResult
    func evaluateInWorker(_ expression: String, of origin: String) async throws -> (any Sendable)? {
        try await call("worker_eval", ["origin": origin, "expression": expression])
    }
}

extension Duration {
    /// The duration in seconds, for the peer's deadlines.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
