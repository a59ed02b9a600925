/// The rule a new password must meet (API.md): 8 to 128 characters with at least one upper-case
/// letter, one lower-case letter, one digit and one other character.
///
/// Characters are counted as people see them (grapheme clusters), not as bytes, so "Ä" or an emoji
/// is one character.
public struct PasswordPolicy: Sendable, Equatable {
    /// The API's rule.
    public static let standard = PasswordPolicy()

    /// The fewest characters a password may have.
    public var minLengthCharacters: Int
    /// The most characters a password may have.
    public var maxLengthCharacters: Int

    /// Creates a policy with the given length bounds.
    public init(minLengthCharacters: Int = 8, maxLengthCharacters: Int = 128) {
        self.minLengthCharacters = minLengthCharacters
        self.maxLengthCharacters = maxLengthCharacters
    }

    /// Throws a `ValidationError` naming every rule `password` breaks; returns if it meets them all.
    public func validate(_ password: String) throws(ValidationError) {
        let length = password.count
        guard (minLengthCharacters...maxLengthCharacters).contains(length) else {
            throw ValidationError(
                "password must have \(minLengthCharacters) to \(maxLengthCharacters) characters (it has \(length))")
        }
        var hasUpperCase = false, hasLowerCase = false, hasDigit = false, hasOther = false
        for character in password {
            if character.isUppercase {
                hasUpperCase = true
            } else if character.isLowercase {
                hasLowerCase = true
            } else if Self.isDecimalDigit(character) {
                hasDigit = true
            } else {
                hasOther = true
            }
        }
        let missing = [
            hasUpperCase ? nil : "one upper-case letter",
            hasLowerCase ? nil : "one lower-case letter",
            hasDigit ? nil : "one digit",
            hasOther ? nil : "one other character such as !, # or a space",
        ].compactMap { $0 }
        guard missing.isEmpty else {
            throw ValidationError("password needs at least " + Self.listing(missing))
        }
    }

    private static func isDecimalDigit(_ character: Character) -> Bool {
        character.unicodeScalars.first?.properties.generalCategory == .decimalNumber
    }

    private static func listing(_ items: [String]) -> String {
        guard items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
