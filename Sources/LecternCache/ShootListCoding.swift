import LecternModel

extension ShootList: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(id)
        w.string(path)
        w.value(source)
        w.string(school)
        w.optional(schoolYear) { $0.int($1.startYear) }
        w.optionalValue(date)
        w.strings(photographers)
        w.optionalString(extends)
        w.optionalValue(extendsLocation)
        w.bool(isTemplate)
        w.bool(isPublic)
        w.string(introHTML)
        w.values(categories)
    }

    public init(from r: inout ByteReader) throws {
        self.init(id: try r.string(), path: try r.string(), source: try r.value(), school: try r.string(),
                  schoolYear: try r.optional { SchoolYear(startYear: try $0.int()) }, date: try r.optionalValue(),
                  photographers: try r.strings(), extends: try r.optionalString(), extendsLocation: try r.optionalValue(),
                  isTemplate: try r.bool(), isPublic: try r.bool(), introHTML: try r.string(), categories: try r.values())
    }
}

extension ShootCategory: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(name)
        w.values(items)
    }

    public init(from r: inout ByteReader) throws {
        self.init(name: try r.string(), items: try r.values())
    }
}

extension ShootItem: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(name)
        w.optionalString(id)
        w.bool(done)
        w.bool(required)
        w.string(descriptionHTML)
        w.optionalValue(doneDate)
        for field in [by, session, images, notes] { w.optionalString(field) }
        w.value(location)
    }

    public init(from r: inout ByteReader) throws {
        self.init(name: try r.string(), id: try r.optionalString(), done: try r.bool(), required: try r.bool(),
                  descriptionHTML: try r.string(), doneDate: try r.optionalValue(), by: try r.optionalString(),
                  session: try r.optionalString(), images: try r.optionalString(), notes: try r.optionalString(),
                  location: try r.value())
    }
}
