@_exported import QuartzCore

// Lamina's files import the Wayland module `internal` (Application.swift `package`, for the
// package's tests): the compiler then refuses a public declaration that names a Wayland type,
// so none reaches an app. Import it the same way in a new file.
