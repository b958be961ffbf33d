import LecternModel

extension Song: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(id)
        w.value(source)
        w.value(metadata)
        w.string(notesHTML)
        w.values(sections)
        w.optionalString(firstLine)
    }

    public init(from r: inout ByteReader) throws {
        self.init(id: try r.string(), source: try r.value(), metadata: try r.value(), notesHTML: try r.string(),
                  sections: try r.values(), firstLine: try r.optionalString())
    }
}

extension SongMetadata: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(title)
        w.strings(alternateTitles)
        w.strings(authors)
        w.optionalString(artist)
        w.optionalString(album)
        w.optional(track) { $0.int($1) }
        for field in [language, key, capo, tempo, time, ccli, copyright] { w.optionalString(field) }
        w.strings(tags)
        w.strings(order)
        w.optionalString(audio)
        w.optionalString(cover)
    }

    public init(from r: inout ByteReader) throws {
        self.init(title: try r.string())
        alternateTitles = try r.strings()
        authors = try r.strings()
        artist = try r.optionalString()
        album = try r.optionalString()
        track = try r.optional { try $0.int() }
        language = try r.optionalString()
        key = try r.optionalString()
        capo = try r.optionalString()
        tempo = try r.optionalString()
        time = try r.optionalString()
        ccli = try r.optionalString()
        copyright = try r.optionalString()
        tags = try r.strings()
        order = try r.strings()
        audio = try r.optionalString()
        cover = try r.optionalString()
    }
}

extension SongSection: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(id)
        w.string(label)
        w.value(location)
        var slidesWriter = ByteWriter()
        slidesWriter.values(slides)
        w.int(slidesWriter.bytes.count)
        w.raw(slidesWriter.bytes)
    }

    /// The slides stay bytes until a page reads them (see `DeferredSlides`). Their batch's
    /// checksum vouched for them when the cache was read; if they still fail to decode, the
    /// section reads as empty rather than stopping a build half-way through rendering.
    public init(from r: inout ByteReader) throws {
        let id = try r.string(), label = try r.string()
        let location: SourceLocation = try r.value()
        let bytes = try r.raw(try r.int())
        self.init(id: id, label: label, location: location, deferred: DeferredSlides {
            var reader = ByteReader(bytes)
            return (try? reader.values()) ?? []
        })
    }
}

extension Slide: CacheCodable {
    public func encode(to w: inout ByteWriter) { w.values(lines) }
    public init(from r: inout ByteReader) throws { self.init(lines: try r.values()) }
}

extension LyricLine: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.values(segments)
        w.array(translations) { $0.string($1.language); $0.string($1.text) }
    }

    public init(from r: inout ByteReader) throws {
        self.init(segments: try r.values(), translations: try r.array {
            LyricTranslation(language: try $0.string(), text: try $0.string())
        })
    }
}

extension LyricSegment: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.optionalValue(chord)
        w.values(lyric)
    }

    public init(from r: inout ByteReader) throws {
        self.init(chord: try r.optionalValue(), lyric: try r.values())
    }
}

extension StyledText: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(text)
        w.array(styles) { $0.string($1.rawValue) }
    }

    public init(from r: inout ByteReader) throws {
        self.init(try r.string(), styles: try r.array {
            guard let style = InlineStyle(rawValue: try $0.string()) else { throw ByteReader.Malformed() }
            return style
        })
    }
}

extension Chord: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.bool(isNoChord)
        w.string(root)
        w.string(accidental)
        w.string(quality)
        w.optionalString(bass)
        w.optionalString(annotation)
    }

    public init(from r: inout ByteReader) throws {
        let isNoChord = try r.bool()
        self.init(root: try r.string(), accidental: try r.string(), quality: try r.string(), bass: try r.optionalString())
        self.isNoChord = isNoChord
        self.annotation = try r.optionalString()
    }
}
