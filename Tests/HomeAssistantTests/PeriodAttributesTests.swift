import HomeAssistant
import JSON
import Testing
import Values

@Suite("Home Assistant: a period counter's attributes")
struct PeriodAttributesTests {
    @Test("a counter with period: names its attributes topic in its config; others do not")
    func configNamesTopic() {
        let node = Fixtures.node
        #expect(node.config(for: Fixtures.rainToday)["json_attributes_topic"]
                == .string("gpioagg/garage/rain_today/attributes"))
        #expect(node.config(for: Fixtures.waterUsed)["json_attributes_topic"] == nil)
        #expect(node.retainedTopics(for: Fixtures.rainToday).contains("gpioagg/garage/rain_today/attributes"),
                "a reload that drops it clears its attributes too")
    }

    @Test("the attributes: the period, its start, the last total at the counter's precision; null while not known")
    func payload() throws {
        let node = Fixtures.node
        let known = PeriodTotals(period: "day", start: 1_782_079_200, startText: "2026-06-22T00:00:00+02:00", last: 3.35278)
        let message = try #require(node.attributesMessage(for: Fixtures.rainToday, period: known, precision: 1))
        #expect(message.topic == "gpioagg/garage/rain_today/attributes")
        #expect(message.retain)
        #expect(message.payload == #"{"period":"day","period_start":"2026-06-22T00:00:00+02:00","last_period_total":3.4}"#)
        let waiting = try #require(node.attributesMessage(for: Fixtures.rainToday, period: PeriodTotals(period: "week")))
        #expect(waiting.payload == #"{"period":"week","period_start":null,"last_period_total":null}"#)
        #expect(node.attributesMessage(for: Fixtures.waterUsed, period: known) == nil)
    }

    @Test("the entity has attributes only for a counter with a period")
    func fromTraits() {
        let rain = NodeTraits(.signal("rain_today"), form: .number(NumberForm(unit: "mm")), setting: .total(reset: false),
                              period: "day")
        #expect(HomeAssistantEntity(traits: rain).hasAttributes)
        let water = NodeTraits(.signal("water"), form: .number(NumberForm(unit: "L")), setting: .total(reset: false))
        #expect(!HomeAssistantEntity(traits: water).hasAttributes)
    }
}
