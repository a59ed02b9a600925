/// Where an import stands.
public enum ImportState: String, Sendable, Codable {
    /// Fixes are being read and stored.
    case running
    /// The file was read to its end.
    case done
    /// Reading stopped at a bad or cut-off record (`ImportRecord.problem`); what came before is stored.
    case stopped
    /// Its fixes were deleted again.
    case undone
    /// Cancelled while running: the fixes it had stored were taken out again.
    case cancelled
    /// Storing failed (or the server stopped) while running: the fixes it had stored were taken out.
    case failed
}
