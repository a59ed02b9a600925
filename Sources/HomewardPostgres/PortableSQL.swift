/// The SQL that the SQLite stores write (`?` and `?NNN` placeholders), in PostgreSQL's spelling
/// (`$1`, `$2`…), so one statement text serves both backends where the dialects agree.
public enum PortableSQL {
    /// `sql` with each `?` placeholder numbered (`$1`, `$2`, …) in order and each `?NNN` written
    /// `$NNN`; a `?` inside a string literal, a quoted identifier or a comment stays as it is.
    public static func numberingPlaceholders(in sql: String) -> String {
        let characters = Array(sql)
        var output = ""
        output.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        var inLineComment = false
        var inBlockComment = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            index += 1
            if inLineComment {
                if character == "\n" { inLineComment = false }
            } else if inBlockComment {
                if previous == "*", character == "/" { inBlockComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if previous == "-", character == "-" {
                inLineComment = true
            } else if previous == "/", character == "*" {
                inBlockComment = true
            } else if character == "?" {
                var digits = ""
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    digits.append(characters[index])
                    index += 1
                }
                if digits.isEmpty {
                    number += 1
                    digits = String(number)
                }
                output += "$" + digits
                continue
            }
            output.append(character)
        }
        return output
    }
}
