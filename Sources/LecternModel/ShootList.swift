/// A school year, August 1 of `startYear` to July 31 of the next year.
public struct SchoolYear: Hashable, Sendable, CustomStringConvertible {
    public var startYear: Int

    public init(startYear: Int) { self.startYear = startYear }

    /// The school year a date falls in: years start on August 1.
    public init(containing date: CalendarDate) {
        self.startYear = date.month >= 8 ? date.year : date.year - 1
    }

    /// `YYYY-YYYY` with consecutive years, or nil.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 4,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let a = Int(parts[0]), let b = Int(parts[1]), b == a + 1 else { return nil }
        self.startYear = a
    }

    public func contains(_ date: CalendarDate) -> Bool { SchoolYear(containing: date) == self }

    public var description: String { "\(startYear)-\(startYear + 1)" }
}

/// One photo to take.
public struct ShootItem: Hashable, Sendable {
    public var name: String
    public var id: String?
    public var done: Bool
    public var required: Bool
    public var descriptionHTML: String
    public var doneDate: CalendarDate?
    public var by: String?
    public var session: String?
    public var images: String?
    public var notes: String?
    public var location: SourceLocation

    public init(name: String, id: String? = nil, done: Bool, required: Bool, descriptionHTML: String = "",
                doneDate: CalendarDate? = nil, by: String? = nil, session: String? = nil, images: String? = nil,
                notes: String? = nil, location: SourceLocation) {
        self.name = name
        self.id = id
        self.done = done
        self.required = required
        self.descriptionHTML = descriptionHTML
        self.doneDate = doneDate
        self.by = by
        self.session = session
        self.images = images
        self.notes = notes
        self.location = location
    }

    /// Items match across a template and a list by id, else by name.
    public var matchKey: String { id.map { "#" + $0 } ?? name.lowercased() }
}

public struct ShootCategory: Hashable, Sendable {
    public var name: String
    public var items: [ShootItem]

    public init(name: String, items: [ShootItem]) {
        self.name = name
        self.items = items
    }
}

/// A shoot list (or a template) as written in its own file, before `extends` is applied.
public struct ShootList: Hashable, Sendable {
    public var id: String
    /// Path under `shootlists/` without extension: what `extends:` may name.
    public var path: String
    public var source: SourceLocation
    public var school: String
    public var schoolYear: SchoolYear?
    public var date: CalendarDate?
    public var photographers: [String]
    public var extends: String?
    public var extendsLocation: SourceLocation?
    public var isTemplate: Bool
    public var isPublic: Bool
    public var introHTML: String
    public var categories: [ShootCategory]

    public init(id: String, path: String, source: SourceLocation, school: String, schoolYear: SchoolYear?,
                date: CalendarDate?, photographers: [String], extends: String?, extendsLocation: SourceLocation?,
                isTemplate: Bool, isPublic: Bool, introHTML: String, categories: [ShootCategory]) {
        self.id = id
        self.path = path
        self.source = source
        self.school = school
        self.schoolYear = schoolYear
        self.date = date
        self.photographers = photographers
        self.extends = extends
        self.extendsLocation = extendsLocation
        self.isTemplate = isTemplate
        self.isPublic = isPublic
        self.introHTML = introHTML
        self.categories = categories
    }
}

/// Done/required counts a shoot list shows.
public struct ShootProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
    public var requiredDone: Int
    public var requiredTotal: Int

    public init(items: [ShootItem]) {
        done = items.filter(\.done).count
        total = items.count
        requiredDone = items.filter { $0.required && $0.done }.count
        requiredTotal = items.filter(\.required).count
    }
}
