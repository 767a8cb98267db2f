import CCrypto

/// SHA-256 (FIPS 180-4) from the system's libcrypto (OpenSSL's EVP digest API), for recording
/// fingerprints. Streaming: feed bytes with `update`, read `hexDigest` once.
///
/// Owns its digest context and frees it in `deinit`; not `Sendable` (one owner feeds it).
final class SHA256 {
  private let context: OpaquePointer

  init() {
    // Allocation and initialisation fail only when memory runs out or libcrypto is unusable
    // (e.g. a FIPS provider without SHA-256): no fingerprint can be made then.
    guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto: EVP_MD_CTX_new failed") }
    self.context = context
    guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
      fatalError("libcrypto: SHA-256 is not available")
    }
  }

  deinit { EVP_MD_CTX_free(context) }

  /// Adds `bytes` to the message.
  func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    guard EVP_DigestUpdate(context, base, bytes.count) == 1 else {
      fatalError("libcrypto: EVP_DigestUpdate failed")
    }
  }

  /// Adds `bytes` to the message.
  func update(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { update($0) } }

  /// The digest of everything added, as 64 lowercase hex digits (ends the hash).
  func hexDigest() -> String {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
      fatalError("libcrypto: EVP_DigestFinal_ex failed")
    }
    let digits = Array("0123456789abcdef")
    var text = ""
    for byte in digest.prefix(Int(length)) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return text
  }
}
