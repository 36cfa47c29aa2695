import TestSupport
import XCTest
