/// How many failures a key may have within a sliding window before further attempts are refused.
public struct RateLimitPolicy: Hashable, Sendable {
    /// A name unique among policies; keys of different policies never share a count.
    public let name: String
    /// Failures allowed within the window; the next attempt after this many is refused.
    public let maxFailures: Int
    /// The sliding window over which failures count, in seconds.
    public let windowSeconds: Int
    /// What the 429 says is limited, e.g. "Too many failed logins from this address".
    public let refusal: String

    /// Creates a policy; `maxFailures` and `windowSeconds` must be positive.
    public init(name: String, maxFailures: Int, windowSeconds: Int, refusal: String = "Too many failed attempts") {
        precondition(maxFailures > 0 && windowSeconds > 0, "a rate-limit policy needs a positive count and window")
        self.name = name
        self.maxFailures = maxFailures
        self.windowSeconds = windowSeconds
        self.refusal = refusal
    }

    /// The same policy (same name, so the same counts) with other limits, e.g. from configuration.
    public func with(maxFailures: Int, windowSeconds: Int) -> RateLimitPolicy {
        RateLimitPolicy(name: name, maxFailures: maxFailures, windowSeconds: windowSeconds, refusal: refusal)
    }

    /// Wrong passwords for one phone number from one client address: 5 in 15 minutes.
    public static let loginFailuresPerClientAddressAndPhone = RateLimitPolicy(
        name: "login-address-phone", maxFailures: 5, windowSeconds: 15 * 60,
        refusal: "Too many failed logins for this account from this address")
    /// Wrong credentials from one client address (many phones, possibly behind one NAT): 20 in 15 minutes.
    public static let loginFailuresPerClientAddress = RateLimitPolicy(
        name: "login-address", maxFailures: 20, windowSeconds: 15 * 60,
        refusal: "Too many failed logins from this address")
    /// Wrong passwords for one phone number from anywhere: past 20 in 15 minutes every login for that
    /// phone is slowed (`LoginLimits.slowdownSeconds`), never refused, so guessing spread over many
    /// addresses crawls while the owner still gets in.
    public static let loginFailuresPerPhoneCeiling = RateLimitPolicy(
        name: "login-phone-ceiling", maxFailures: 20, windowSeconds: 15 * 60,
        refusal: "Logins for this account are slowed")
    /// Wrong current passwords given by one signed-in session from one client address (changing the
    /// password, deleting the account): 5 in 15 minutes, as `--max-failed-attempts` sets for logins.
    /// Counted apart from logins, so a stranger's wrong logins, even from the owner's own address,
    /// never stop the owner, signed in, from changing the password or deleting the account.
    public static let passwordConfirmationFailuresPerSessionAndClientAddress = RateLimitPolicy(
        name: "password-confirmation-session-address", maxFailures: 5, windowSeconds: 15 * 60,
        refusal: "Too many wrong passwords")
    /// "Forgot password" emails asked for one phone: 3 an hour; past it no more mail goes out (the
    /// answer stays the same, so it tells nothing), so no one can flood an owner's inbox.
    public static let passwordResetEmailsPerPhone = RateLimitPolicy(
        name: "password-reset-email-phone", maxFailures: 3, windowSeconds: 60 * 60,
        refusal: "Too many password emails for this account")
    /// "Forgot password" emails asked for from one client address, for any phone: 10 an hour (429).
    public static let passwordResetEmailsPerClientAddress = RateLimitPolicy(
        name: "password-reset-email-address", maxFailures: 10, windowSeconds: 60 * 60,
        refusal: "Too many password emails asked for from this address")
    /// Wrong verification codes tried against one account, by anyone: 5 in 15 minutes.
    public static let verificationCodeFailuresPerTarget = RateLimitPolicy(
        name: "verification-code-target", maxFailures: 5, windowSeconds: 15 * 60,
        refusal: "Too many wrong verification codes for this account")
    /// Wrong verification codes tried by one caller, against anyone: 10 in an hour.
    public static let verificationCodeFailuresPerCaller = RateLimitPolicy(
        name: "verification-code-caller", maxFailures: 10, windowSeconds: 60 * 60,
        refusal: "Too many wrong verification codes tried by your account")
    /// Wrong verification codes from one client address, by any account against anyone: 20 in an
    /// hour, so one machine farming accounts gets no more guesses than a few callers.
    public static let verificationCodeFailuresPerClientAddress = RateLimitPolicy(
        name: "verification-code-address", maxFailures: 20, windowSeconds: 60 * 60,
        refusal: "Too many wrong verification codes from this address")
    /// Wrong trip access codes from one client address, by any account against anyone: 20 in an hour.
    public static let tripAccessCodeFailuresPerClientAddress = RateLimitPolicy(
        name: "trip-access-code-address", maxFailures: 20, windowSeconds: 60 * 60,
        refusal: "Too many wrong access codes from this address")
    /// Wrong trip access codes tried against one traveller: 5 in 15 minutes.
    public static let tripAccessCodeFailuresPerTarget = RateLimitPolicy(
        name: "trip-access-code-target", maxFailures: 5, windowSeconds: 15 * 60,
        refusal: "Too many wrong access codes for this traveller's trips")
    /// Wrong trip access codes tried by one caller, against anyone: 10 in an hour.
    public static let tripAccessCodeFailuresPerCaller = RateLimitPolicy(
        name: "trip-access-code-caller", maxFailures: 10, windowSeconds: 60 * 60,
        refusal: "Too many wrong access codes tried by your account")
    /// Test notifications sent by one account, webhook and channels together (each makes a request to a
    /// receiver it chose): 10 in 10 minutes.
    public static let testNotificationsPerAccount = RateLimitPolicy(
        name: "test-notifications-account", maxFailures: 10, windowSeconds: 10 * 60,
        refusal: "Too many test notifications sent by your account")
}
