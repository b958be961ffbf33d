/// `Content/site.yaml`, parsed.
public struct SiteConfig: Hashable, Sendable {
    public var title: String
    /// The default UI locale; its pages sit at the output root.
    public var locale: String
    /// Every UI locale to build, the default one first.
    public var locales: [String]
    public var theme: String
    /// IANA time zone identifier for service dates and "today".
    public var timezone: String
    public var baseURL: String?
    public var ccliLicense: String?
    public var organization: String?
    /// Opt-in to raw HTML in Markdown content (off by default: it is dropped).
    public var allowHTML: Bool

    public init(title: String, locale: String = "en", locales: [String] = [], theme: String = "default",
                timezone: String = "UTC", baseURL: String? = nil, ccliLicense: String? = nil,
                organization: String? = nil, allowHTML: Bool = false) {
        self.title = title
        self.locale = locale
        var all = [locale]
        for l in locales where !all.contains(l) { all.append(l) }
        self.locales = all
        self.theme = theme
        self.timezone = timezone
        self.baseURL = baseURL
        self.ccliLicense = ccliLicense
        self.organization = organization
        self.allowHTML = allowHTML
    }
}
