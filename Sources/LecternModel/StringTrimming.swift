extension String {
    /// Without leading and trailing white space (Foundation's `trimmingCharacters(in:)` goes
    /// through NSString; this stays in Swift's `Character` view).
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// Every run of white space (line breaks included) as one space, none at the ends.
    public func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
