import Foundation
import Testing

/// `services/<id>/charts/`: every song of a service as a chord chart in the service's key and
/// verse order, linked from the order of service.
@Suite struct ChartsTests {
    @Test func chartsAreInTheServicesKeyAndOrder() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        let html = try #require(site.read("Output/services/2026-11-22-morning/charts/index.html"))
        // Amazing Grace is in G; this service sings it in A, verses 1, 2, 3 and 5.
        let grace = try #require(HTMLText.element(html, "<article class=\"chart\" id=\"item-2\""))
        #expect(HTMLText.visible(HTMLText.element(grace, "<span class=\"chart-key\"") ?? "") == "Key A (from G)")
        #expect(grace.components(separatedBy: "<section class=\"section\"").dropFirst().map { String($0.prefix(14)) }
            == [" id=\"item-2-v1", " id=\"item-2-v2", " id=\"item-2-v3", " id=\"item-2-v5"])
        let chords = grace.components(separatedBy: "<span class=\"chord\"><bdi>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(chords.prefix(5) == ["A", "A7", "D", "A", "A"])
        #expect(!chords.contains("G"), "no chord is left in G")
        // Hinei Ma Tov sings its chorus twice: in full once, then by the name its file gives it.
        let hinei = try #require(HTMLText.element(html, "<article class=\"chart\" id=\"item-4\""))
        #expect(hinei.components(separatedBy: "data-section=\"c\"").count == 3, "in full once, by name once")
        #expect(HTMLText.visible(HTMLText.element(hinei, "<p class=\"section-repeat\"") ?? "") == "פזמון · again")
        // Headings and free slides are not charts; the order of service links here.
        #expect(html.components(separatedBy: "<article class=\"chart\"").count - 1 == 5)
        #expect(site.read("Output/services/2026-11-22-morning/index.html")?.contains("services/2026-11-22-morning/charts/index.html\"") == true)
        // In Hebrew: the same charts, the section names and the key's origin in Hebrew.
        let hebrew = try #require(site.read("Output/he/services/2026-11-22-morning/charts/index.html"))
        #expect(hebrew.contains("במקור G") && hebrew.contains("פזמון</span> · שוב"))
    }
}
