/// A Core Foundation dictionary (Apple's `CFDictionary`), as the Swift dictionary of
/// Core Foundation names Lamina's functions take and return (`[CFString: Any]`).
///
/// Apple code annotates what Core Text and Image I/O hand back as `CFDictionary`
/// (`let attributes: CFDictionary = CTRunGetAttributes(run)`) and reads it through
/// `NSDictionary` (`attributes as NSDictionary`); both compile unchanged.
/// swift-corelibs-foundation does not export the name, so Lamina declares it.
public typealias CFDictionary = [CFString: Any]
