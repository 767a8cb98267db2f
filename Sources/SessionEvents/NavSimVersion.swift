/// The NavSim release, recorded in every log and snapshot run.
public enum NavSimVersion {
  public static let current = "0.1.0"
}
