// The team's own `navsim`: every NavSim command, with the team's delegate registered as
// `mine` (`swift run team-navsim lint trip.sqlite --delegate mine`).
import NavSimCLI
import TeamLayout

NavSimCLI.main(delegates: ["mine": { TeamLayoutDelegate() }])
