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
    /// Which slides carry the copyright and CCLI line (`slide_footer:`).
    public var slideFooter: SlideFooter
    /// How projected text is sized (`slide_fit:`).
    public var slideFit: SlideFit
    /// The logo screen's image, a file under `Content/` (`logo:`); the site title without one.
    public var logo: String?
    /// Who a build is for when `--profile` does not say (`profile:`; display without one).
    public var profile: Profile?

    public init(title: String, locale: String = "en", locales: [String] = [], theme: String = "default",
                timezone: String = "UTC", baseURL: String? = nil, ccliLicense: String? = nil,
                organization: String? = nil, allowHTML: Bool = false, slideFooter: SlideFooter = .edges,
                slideFit: SlideFit = .song, logo: String? = nil, profile: Profile? = nil) {
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
        self.slideFooter = slideFooter
        self.slideFit = slideFit
        self.logo = logo
        self.profile = profile
    }
}

/// Where the copyright and CCLI line goes on a song's slides. Operators of other tools ask for
/// it on the first and last slide only (the licence asks for it to be shown, not repeated).
public enum SlideFooter: String, Hashable, Sendable, CaseIterable {
    /// The song's first slide (its title) and its last.
    case edges
    case every
    case none
}

/// How projected text is sized: the largest size at which it fits the screen.
public enum SlideFit: String, Hashable, Sendable, CaseIterable {
    /// One size for every lyric slide of a song, so the text does not jump from slide to slide.
    case song
    /// Each slide as large as it fits.
    case slide
}
