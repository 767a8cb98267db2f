import Replay

// `ReplayJob.run(store:)` writes its runs into the snapshot store.

extension SnapshotStore: RunStoring {}

extension SnapshotStore.RunWriter: RunWriting {}
