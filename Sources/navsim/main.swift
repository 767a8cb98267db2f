import NavSimCLI
import SampleDelegates

NavSimCLI.main(
  delegates: SampleDelegateCatalog.all, screens: SampleDelegateCatalog.screens,
  onlyWhenNamed: SampleDelegateCatalog.brokenOnPurpose)
