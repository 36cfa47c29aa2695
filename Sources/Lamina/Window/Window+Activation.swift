import Foundation
internal import Wayland

extension Window {
    /// Lamina: asks the compositor to activate the window — bring it forward and give it the
    /// keyboard focus — through `xdg_activation_v1`. Returns false, doing nothing, where the
    /// compositor does not offer it.
    ///
    /// With a `token` (one another application handed over, e.g. in the environment variable
    /// `XDG_ACTIVATION_TOKEN` it launched this one with), the window presents it. Without
    /// one, the window first asks for a token of its own, naming its surface, its app ID and
    /// the latest pointer press in it: compositors grant focus to a window the user just
    /// clicked and may refuse (or only mark as urgent) a window that asks out of the blue.
    @discardableResult
    public func requestActivation(token: String? = nil) -> Bool {
        guard let activation = application.activation, !isClosed else { return false }
        let surface = toplevel.surface
        if let token {
            send { try activation.activate(token: token, surface: surface) }
            return true
        }
        return requestActivationToken { token in
            self.send { try activation.activate(token: token, surface: surface) }
        }
    }

    /// Lamina: asks the compositor for an activation token (`xdg_activation_v1`) that another
    /// application may present to activate its own window — hand it over in the environment
    /// variable `XDG_ACTIVATION_TOKEN` of a program you launch. `completion` runs on the main
    /// actor with the token. Returns false, doing nothing, where the compositor does not offer
    /// activation.
    @discardableResult
    public func requestActivationToken(_ completion: @escaping @MainActor (String) -> Void) -> Bool {
        guard let activation = application.activation, !isClosed else { return false }
        send {
            let request = try activation.getActivationToken()
            if let press = input.lastPress { try request.setSerial(serial: press.serial, seat: press.seat) }
            try request.setAppId(appId: appID)
            try request.setSurface(surface: toplevel.surface)
            // The request keeps itself until the compositor answers.
            request.onEvent = { event in
                guard case .done(let token) = event else { return }
                request.onEvent = nil
                request.destroy()
                MainActor.assumeIsolated { completion(token) }
            }
            try request.commit()
        }
        return true
    }
}
