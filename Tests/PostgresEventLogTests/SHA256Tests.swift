@testable import PostgresEventLog
import XCTest

/// Recording fingerprints are SHA-256 digests: the NIST examples (FIPS 180-4, "SHA-256" example
/// values, and the long-message vectors of the SHA test vectors), fed whole and in pieces.
final class SHA256Tests: XCTestCase {
  private static let vectors: [(message: String, digest: String)] = [
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    // 448 bits: the padding no longer fits the first block.
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    // 896 bits.
    ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
      + "lmnopqrsmnopqrstnopqrstu",
     "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
  ]

  func testTheNISTExamplesHashToTheirPublishedDigests() {
    for (message, digest) in Self.vectors {
      let hash = SHA256()
      hash.update(Array(message.utf8))
      XCTAssertEqual(hash.hexDigest(), digest, message)
    }
  }

  func testAMessageFedInPiecesHashesAsAWhole() {
    for (message, digest) in Self.vectors {
      let hash = SHA256()
      for byte in message.utf8 { hash.update([byte]) }
      XCTAssertEqual(hash.hexDigest(), digest, message)
    }
  }

  func testOneMillionAsHashesToTheNISTDigest() {
    let hash = SHA256()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hash.update(chunk) }
    XCTAssertEqual(
      hash.hexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
