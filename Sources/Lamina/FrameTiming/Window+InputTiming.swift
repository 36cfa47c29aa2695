import QuartzCore

// Per-event latency: each pointer and key event the window handles gets a record, carried by
// the first commit made while handling it to the frame that shows the change.
extension Window {
    /// Handles an input event with a record of its own: runs `body` (the event's routing and
    /// handlers), then commits what they changed, so that commit — and the frame drawn from
    /// it — is the event's own. An event whose handling changed nothing in the window is
    /// complete at once, with no frame.
    func measuringInput(_ event: InputTiming.Event, timestamp: UInt32, _ body: () -> Void) {
        // An event handled while another is (a handler that routes one itself) is part of it.
        guard measuredInput == nil else { return body() }
        let arrival = CACurrentMediaTime()
        inputEventCount += 1
        measuredInput = InputTiming(
            eventNumber: inputEventCount, event: event, timestamp: timestamp,
            eventTime: InputTiming.eventTime(timestamp: timestamp, arrival: arrival), arrivalTime: arrival)
        measuredInputCarried = false
        body()
        // The changes of this event's handlers, committed now rather than at the end of the
        // main queue's turn, which may handle more events.
        CATransaction.flush()
        let record = measuredInput
        let carried = measuredInputCarried
        measuredInput = nil
        measuredInputCarried = false
        if let record, !carried { inputTimingCompleted(record) }
    }
}
