// A stable sort of integer keys that a debug build runs at near release speed (the engine's
// `entriesInOrder()`).

/// The indices of `keys` in ascending order of key, equal keys in index order: what a stable
/// sort of `keys.indices` by key gives. A bottom-up merge sort through pointers, which a debug
/// build runs at near release speed, unlike the standard library's generic sort.
/// - Complexity: O(n log n).
func stableOrder(of keys: [Int]) -> [Int] {
  let n = keys.count
  var result = Array(0..<n)
  guard n > 1 else { return result }
  let scratch = UnsafeMutablePointer<Int>.allocate(capacity: n)
  defer { scratch.deallocate() }
  keys.withUnsafeBufferPointer { keyBuffer in
    result.withUnsafeMutableBufferPointer { resultBuffer in
      let key = keyBuffer.baseAddress!, output = resultBuffer.baseAddress!
      var source = output, target = scratch
      var width = 1
      while width < n {
        var start = 0
        while start < n {
          let middle = n - start > width ? start + width : n
          let end = n - middle > width ? middle + width : n
          var i = start, j = middle, k = start
          while i < middle && j < end {
            if key[source[j]] < key[source[i]] {  // the left run first on equal keys: stable
              target[k] = source[j]
              j += 1
            } else {
              target[k] = source[i]
              i += 1
            }
            k += 1
          }
          while i < middle {
            target[k] = source[i]
            i += 1
            k += 1
          }
          while j < end {
            target[k] = source[j]
            j += 1
            k += 1
          }
          start = end
        }
        swap(&source, &target)
        width *= 2
      }
      if source != output { output.update(from: source, count: n) }
    }
  }
  return result
}
