/// How far an image source got reading its data, with Apple's values.
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ended before the image did, and no more is coming.
    case statusUnexpectedEOF = -5
    /// The data is not a valid image of its format.
    case statusInvalidData = -4
    /// The data's format is not one the source recognises (or it cannot decode; Lamina
    /// decodes PNG, GIF and JPEG).
    case statusUnknownType = -3
    /// The source is reading the image's header (more data is coming).
    case statusReadingHeader = -2
    /// The header is read; more data is coming.
    case statusIncomplete = -1
    /// The data is complete.
    case statusComplete = 0
}
