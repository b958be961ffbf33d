import Foundation
import LecternLoad
import LecternModel

/// Parses `Content/site.yaml`.
public enum SiteConfigParser {
    static let knownFields: Set<String> = [
        "title", "locale", "locales", "theme", "timezone", "base_url", "ccli_license", "organization", "allow_html",
        "slide_footer", "slide_fit", "logo", "profile",
    ]

    public static func parse(_ file: SourceFile?, diagnostics: inout Diagnostics) -> SiteConfig? {
        guard let file else {
            diagnostics.error(SourceLocation(path: "Content/site.yaml"), "missing Content/site.yaml: a site needs at least `title: ...`")
            return nil
        }
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: &diagnostics) else { return nil }
        FrontMatterReader.warnUnknownKeys(fields, known: knownFields, diagnostics: &diagnostics)
        guard let title = fields.string("title", diagnostics: &diagnostics) else {
            diagnostics.error(fields.location, "site.yaml needs a title: add `title: ...`")
            return nil
        }
        let timezone = fields.string("timezone", diagnostics: &diagnostics) ?? "UTC"
        if TimeZone(identifier: timezone) == nil {
            diagnostics.error(fields.location(of: fields.node("timezone")!), "unknown time zone '\(timezone)' (use an IANA name such as America/New_York)")
            return nil
        }
        let locale = fields.string("locale", diagnostics: &diagnostics) ?? "en"
        var locales = fields.strings("locales", diagnostics: &diagnostics)
        if locales.isEmpty { locales = [locale] }
        for l in [locale] + locales where !isLocaleTag(l) {
            diagnostics.error(fields.location(ofKey: "locales"), "'\(l)' is not a locale tag such as en or he")
            return nil
        }
        guard let slideFooter = choice("slide_footer", in: fields, default: SlideFooter.edges, diagnostics: &diagnostics),
              let slideFit = choice("slide_fit", in: fields, default: SlideFit.song, diagnostics: &diagnostics)
        else { return nil }
        var profile: Profile?
        if fields.node("profile") != nil {
            guard let chosen = choice("profile", in: fields, default: Profile.display, diagnostics: &diagnostics) else { return nil }
            profile = chosen
        }
        let logo = fields.string("logo", diagnostics: &diagnostics)
        if let logo, !ContentPath.isInsideContent(logo) {
            diagnostics.error(fields.location(ofKey: "logo"), "logo '\(logo)' must be a file under Content/, like media/logo.svg (slides work offline, so nothing is fetched)")
            return nil
        }
        return SiteConfig(
            title: title, locale: locale, locales: locales,
            theme: fields.string("theme", diagnostics: &diagnostics) ?? "default",
            timezone: timezone,
            baseURL: fields.string("base_url", diagnostics: &diagnostics),
            ccliLicense: fields.string("ccli_license", diagnostics: &diagnostics),
            organization: fields.string("organization", diagnostics: &diagnostics),
            allowHTML: fields.bool("allow_html", diagnostics: &diagnostics) ?? false,
            slideFooter: slideFooter, slideFit: slideFit, logo: logo, profile: profile)
    }

    /// One of an enumeration's values, written as its raw value; an error names the choices.
    private static func choice<T: RawRepresentable & CaseIterable>(_ key: String, in fields: YAMLFields, default value: T,
                                                                   diagnostics: inout Diagnostics) -> T? where T.RawValue == String {
        guard let text = fields.string(key, diagnostics: &diagnostics) else { return value }
        if let chosen = T(rawValue: text) { return chosen }
        let choices = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        diagnostics.error(fields.location(of: fields.node(key)!), "\(key) is '\(text)'; use one of \(choices)")
        return nil
    }

    /// BCP 47 in the shape Lectern uses for folder names: letters, digits and `-`.
    static func isLocaleTag(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
    }
}
