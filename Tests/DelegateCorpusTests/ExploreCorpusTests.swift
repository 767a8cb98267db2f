// Explore on correct code: the SDK's published sample and the corpus get no finding from a
// search of generated trips (a finding here is a NavSim bug: the generator made a trip a real
// SDK and device cannot, or a rule is wrong).
import Foundation
import GoogleNavigation
import NavSimTesting
import Testing

@MainActor
@Suite struct ExploreCorpusTests {
  @Test func exploreFindsNothingInCorrectCode() throws {
    for (name, make) in Corpus.delegates {
      #expect(ExploreTesting.findings(delegateName: name, delegate: make, budget: 6) == nil)
    }
  }
}
