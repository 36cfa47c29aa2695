@_exported import QuartzCore
