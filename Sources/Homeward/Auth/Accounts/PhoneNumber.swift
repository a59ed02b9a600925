/// A phone number in E.164 form (`+` and 8 to 15 digits, the first not 0), the key of an account.
///
/// Built from what a person typed: spaces, dashes, dots and brackets are ignored, a leading `00`
/// international prefix becomes `+`, and the trunk prefix written as `(0)` after the country code
/// (`+44 (0)20 7946 0958`) is dropped, as it is when dialling from abroad.
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// The E.164 form, e.g. `+442079460958`.
    public let e164: String

    /// The fewest digits after `+`.
    public static let minDigits = 8
    /// The most digits after `+` (E.164's limit).
    public static let maxDigits = 15
    /// The longest input looked at, in UTF-8 bytes; longer is refused before any work.
    public static let maxInputBytes = 64

    /// Normalises `input` or throws a `ValidationError` that says what is wrong with it.
    public init(normalizing input: String) throws(ValidationError) {
        guard input.utf8.count <= Self.maxInputBytes else {
            throw ValidationError("phone is too long: at most \(Self.maxDigits) digits after +")
        }
        var digits: [UInt8] = []
        var sawPlus = false
        var sawAnything = false
        let scalars = Array(input.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index...].starts(with: Self.bracketedTrunkPrefix) {
                index += Self.bracketedTrunkPrefix.count
                continue
            }
            let scalar = scalars[index]
            index += 1
            if Self.isIgnored(scalar) { continue }
            if scalar == "+" {
                guard !sawAnything else {
                    throw ValidationError("phone may have + only at the start, before the country code")
                }
                sawPlus = true
            } else if ("0"..."9").contains(scalar) {
                digits.append(UInt8(scalar.value))
            } else {
                throw ValidationError(
                    "phone may contain only digits after the leading +; spaces, dashes, dots and brackets are ignored")
            }
            sawAnything = true
        }
        if !sawPlus, digits.starts(with: Array("00".utf8)) {
            digits.removeFirst(2)
            sawPlus = true
        }
        guard sawPlus else {
            throw ValidationError("phone must start with + (or 00) and the country code, e.g. +44 20 7946 0958")
        }
        guard (Self.minDigits...Self.maxDigits).contains(digits.count) else {
            throw ValidationError(
                "phone must have \(Self.minDigits) to \(Self.maxDigits) digits after + (it has \(digits.count))")
        }
        guard digits.first != UInt8(ascii: "0") else {
            throw ValidationError("phone must start with a country code after +, which never begins with 0")
        }
        e164 = "+" + String(decoding: digits, as: UTF8.self)
    }

    /// The E.164 form.
    public var description: String { e164 }

    private static let bracketedTrunkPrefix: [Unicode.Scalar] = ["(", "0", ")"]

    private static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\u{00A0}", "\u{202F}", ".", "(", ")", "[", "]", "-",
             "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}":
            true
        default:
            false
        }
    }
}
