extension AppConfiguration {
    /// What is wrong with these settings, one sentence each naming the setting; empty when the
    /// server can start with them. `homeward serve` refuses to start while any is reported. Each
    /// setting's check is declared with it (`ServerSettings`); the email settings are judged together.
    public var problems: [String] {
        ServerSettings.all.compactMap { $0.problem(in: self) } + smtpProblems
    }
}
