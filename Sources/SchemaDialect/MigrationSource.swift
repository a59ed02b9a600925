/// A database engine a migration is rendered for.
public enum SchemaEngine: String, Sendable, CaseIterable {
    case sqlite
    case postgres

    /// The engine's name in a sentence.
    public var displayName: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
}

/// Why a migration file could not be rendered for an engine: the line it is on and what is wrong.
public struct MigrationSourceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The line of the file, from 1.
    public let line: Int
    /// What is wrong, as a sentence.
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

/// A migration written once for both engines (schema/README.md, "One file, two engines").
///
/// The file is SQLite's SQL with blocks for what only one engine runs:
///
///     -- sqlite:
///     (lines only SQLite runs)
///     -- postgres:
///     (lines only PostgreSQL runs, in its own dialect)
///     -- end
///
/// A block is either kind alone or a `-- sqlite:` block followed at once by its `-- postgres:`
/// counterpart; the marker lines are left out of both renderings. SQLite's rendering is the file
/// without the marker lines and the PostgreSQL blocks. PostgreSQL's is the file without the marker
/// lines and the SQLite blocks, where the lines both run are translated (outside comments, string
/// literals and quoted names):
///
/// - a column that is only `INTEGER [NOT NULL] PRIMARY KEY` (SQLite's rowid alias, the internal key
///   SQLite fills in; a comma or the table's closing parenthesis follows) is
///   `BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY`;
/// - the types `INTEGER`, `REAL` and `BLOB` (in capitals) are `BIGINT`, `DOUBLE PRECISION`, `BYTEA`;
/// - a table's options `STRICT` and `WITHOUT ROWID` are left out (`) STRICT;` is `);`).
///
/// The lines both engines run may not use what only one of them has (`sqliteOnlyWords`,
/// `postgresOnlyWords`): such a line belongs in a block, and rendering says so with its line number.
public enum MigrationSource {
    /// Words PostgreSQL lacks, refused on lines both engines run (case does not matter).
    public static let sqliteOnlyWords: Set<String> = [
        "GLOB", "PRAGMA", "STRICT", "ROWID", "AUTOINCREMENT", "STRFTIME", "JULIANDAY", "UNIXEPOCH",
        "IFNULL", "SQLITE_SCHEMA", "SQLITE_MASTER",
    ]
    /// Words SQLite lacks (or refuses in a STRICT table), refused on lines both engines run.
    public static let postgresOnlyWords: Set<String> = [
        "BIGINT", "SMALLINT", "BYTEA", "SERIAL", "BIGSERIAL", "PLPGSQL", "ILIKE", "GREATEST", "LEAST", "IDENTITY",
    ]

    /// `source` (a migration file's text) as `engine` runs it.
    public static func render(_ source: String, for engine: SchemaEngine) throws(MigrationSourceError) -> String {
        var output: [Substring] = []
        var shared: [Substring] = []
        var sharedStart = 1
        var block: (engine: SchemaEngine, line: Int)?

        func flushShared() throws(MigrationSourceError) {
            guard !shared.isEmpty else { return }
            output.append(Substring(try translate(shared.joined(separator: "\n"), for: engine, firstLine: sharedStart)))
            shared = []
        }

        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            switch line.trimmingSpaces() {
            case "-- sqlite:":
                if let open = block {
                    throw MigrationSourceError(line: number, message: "`-- sqlite:` inside the block opened on line \(open.line); close it with `-- end` first")
                }
                try flushShared()
                block = (.sqlite, number)
            case "-- postgres:":
                if let open = block, open.engine == .postgres {
                    throw MigrationSourceError(line: number, message: "`-- postgres:` inside the `-- postgres:` block opened on line \(open.line)")
                }
                try flushShared()
                block = (.postgres, number)
            case "-- end":
                guard block != nil else {
                    throw MigrationSourceError(line: number, message: "`-- end` without a `-- sqlite:` or `-- postgres:` block to close")
                }
                block = nil
            default:
                if let open = block {
                    if open.engine == engine { output.append(line) }
                } else {
                    if shared.isEmpty { sharedStart = number }
                    shared.append(line)
                }
            }
        }
        if let open = block {
            throw MigrationSourceError(line: open.line, message: "`-- \(open.engine.rawValue):` block not closed by `-- end`")
        }
        try flushShared()
        return output.joined(separator: "\n")
    }

    /// Lines both engines run, as `engine` runs them: checked for words the other engine lacks, and
    /// for PostgreSQL translated.
    static func translate(_ text: String, for engine: SchemaEngine, firstLine: Int) throws(MigrationSourceError) -> String {
        let tokens = SQLToken.tokenize(text, firstLine: firstLine)
        for (index, token) in tokens.enumerated() where token.kind == .word {
            let word = token.text.uppercased()
            let sqliteOnly = sqliteOnlyWords.contains(word)
            guard sqliteOnly || postgresOnlyWords.contains(word) else { continue }
            // STRICT and WITHOUT ROWID after a table's closing parenthesis are translated below.
            if (word == "STRICT" || word == "ROWID") && isTableOption(at: index, in: tokens) { continue }
            let (own, other) = sqliteOnly ? (SchemaEngine.sqlite, SchemaEngine.postgres) : (.postgres, .sqlite)
            throw MigrationSourceError(
                line: token.line,
                message: "only \(own.displayName) has \(token.text): put this line in a `-- \(own.rawValue):` block "
                    + "and \(other.displayName)'s form in a `-- \(other.rawValue):` block")
        }
        guard engine == .postgres else { return text }
        return postgresTranslation(of: tokens)
    }

    /// Whether `tokens[index]` (STRICT or ROWID) is a table option: it follows the table's closing
    /// parenthesis, through only options, commas and spaces.
    private static func isTableOption(at index: Int, in tokens: [SQLToken]) -> Bool {
        var position = index - 1
        while position >= 0 {
            let previous = tokens[position]
            switch previous.kind {
            case .space, .newline:
                position -= 1
            case .punctuation where previous.text == ",":
                position -= 1
            case .word where ["STRICT", "WITHOUT", "ROWID"].contains(previous.text.uppercased()):
                position -= 1
            case .punctuation where previous.text == ")":
                return true
            default:
                return false
            }
        }
        return false
    }

    private static func postgresTranslation(of tokens: [SQLToken]) -> String {
        var output = ""
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .word, token.text == "INTEGER", let end = rowidAliasEnd(at: index, in: tokens) {
                output += "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
                index = end
                continue
            }
            if token.kind == .punctuation, token.text == ")", let end = tableOptionsEnd(after: index, in: tokens) {
                output += ")"
                index = end
                continue
            }
            if token.kind == .word {
                switch token.text {
                case "INTEGER": output += "BIGINT"
                case "REAL": output += "DOUBLE PRECISION"
                case "BLOB": output += "BYTEA"
                default: output += token.text
                }
            } else {
                output += token.text
            }
            index += 1
        }
        return output
    }

    /// When `tokens[index]` starts `INTEGER [NOT NULL] PRIMARY KEY` that ends its column (after
    /// spaces, line breaks and comments, a comma or the table's closing parenthesis follows), the
    /// index after `KEY`.
    private static func rowidAliasEnd(at index: Int, in tokens: [SQLToken]) -> Int? {
        var position = index + 1
        func expect(_ word: String) -> Bool {
            while position < tokens.count, tokens[position].kind == .space { position += 1 }
            guard position < tokens.count, tokens[position].kind == .word, tokens[position].text.uppercased() == word else { return false }
            position += 1
            return true
        }
        let afterType = position
        if !expect("NOT") || !expect("NULL") { position = afterType }
        guard expect("PRIMARY"), expect("KEY") else { return nil }
        let end = position
        while position < tokens.count, [.space, .newline, .comment].contains(tokens[position].kind) { position += 1 }
        guard position < tokens.count, tokens[position].kind == .punctuation, [",", ")"].contains(tokens[position].text) else {
            return nil
        }
        return end
    }

    /// When `STRICT` and `WITHOUT ROWID` follow the closing parenthesis `tokens[index]` up to the
    /// statement's end, the index of the `;` (or of the end) after them.
    private static func tableOptionsEnd(after index: Int, in tokens: [SQLToken]) -> Int? {
        var position = index + 1
        var sawOption = false
        while position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .space:
                position += 1
            case .punctuation where token.text == "," && sawOption:
                position += 1
            case .word where token.text.uppercased() == "STRICT":
                sawOption = true
                position += 1
            case .word where token.text.uppercased() == "WITHOUT":
                var next = position + 1
                while next < tokens.count, tokens[next].kind == .space { next += 1 }
                guard next < tokens.count, tokens[next].kind == .word, tokens[next].text.uppercased() == "ROWID" else { return nil }
                sawOption = true
                position = next + 1
            default:
                let ends = token.kind == .punctuation && token.text == ";" || token.kind == .newline || token.kind == .comment
                return sawOption && ends ? position : nil
            }
        }
        return sawOption ? position : nil
    }
}

/// A piece of SQL text: a word, spaces, a line break, a `--` comment, a quoted literal or name, or
/// one other character. Joined in order, the tokens are the text again.
struct SQLToken: Equatable {
    enum Kind: Equatable {
        case word, space, newline, comment, quoted, punctuation
    }

    let kind: Kind
    let text: String
    /// The line the token starts on.
    let line: Int

    static func tokenize(_ text: String, firstLine: Int = 1) -> [SQLToken] {
        let characters = Array(text)
        var tokens: [SQLToken] = []
        var index = 0
        var line = firstLine
        while index < characters.count {
            let start = index
            let startLine = line
            let character = characters[index]
            let kind: Kind
            if character == "\n" {
                kind = .newline
                index += 1
                line += 1
            } else if character == " " || character == "\t" || character == "\r" {
                kind = .space
                while index < characters.count, [" ", "\t", "\r"].contains(characters[index]) { index += 1 }
            } else if character == "-", index + 1 < characters.count, characters[index + 1] == "-" {
                kind = .comment
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "'" || character == "\"" {
                // A quoted literal or name; a doubled quote inside is the quote itself.
                kind = .quoted
                index += 1
                while index < characters.count {
                    if characters[index] == "\n" { line += 1 }
                    if characters[index] == character {
                        if index + 1 < characters.count, characters[index + 1] == character {
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
            } else if character.isLetter || character == "_" {
                kind = .word
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    index += 1
                }
            } else {
                kind = .punctuation
                index += 1
            }
            tokens.append(SQLToken(kind: kind, text: String(characters[start..<index]), line: startLine))
        }
        return tokens
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
