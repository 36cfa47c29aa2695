import Foundation
import XCTest

/// Runs `body` with standard error (file descriptor 2) redirected into a pipe; returns what
/// it wrote. Meant for short diagnostics: more than a pipe's buffer (64 KiB) would block.
public func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    fflush(nil)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
        XCTFail("pipe() failed: errno \(errno)")
        try body()
        return ""
    }
    let saved = dup(STDERR_FILENO)
    dup2(ends[1], STDERR_FILENO)
    close(ends[1])
    defer {
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
    }
    try body()
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        if count <= 0 { break }
        output += chunk[0..<count]
    }
    close(ends[0])
    return String(decoding: output, as: UTF8.self)
}

/// The lines `body` wrote to standard error.
public func standardErrorLines(of body: () throws -> Void) rethrows -> [String] {
    try capturingStandardError(body).split(separator: "\n").map(String.init)
}
