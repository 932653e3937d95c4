import Foundation
import HomeAssistant
import JSON
import Testing

/// The discovery configs, byte for byte against files reviewed key by key against Home
/// Assistant's schemas (Golden/README.md). A change here is a change to what Home
/// Assistant receives: review it the same way.
///
/// `GPIOAGG_UPDATE_GOLDEN=1` rewrites the files from the code, and still fails, so that
/// the diff is looked at before anything passes.
@Suite("Home Assistant golden files")
struct GoldenFileTests {
    static var updating: Bool { ProcessInfo.processInfo.environment["GPIOAGG_UPDATE_GOLDEN"] == "1" }

    static func pretty(_ entity: HomeAssistantEntity) -> String {
        JSONValue.object(Fixtures.node.config(for: entity)).prettyPrinted + "\n"
    }

    @Test("each config is its golden file, byte for byte", arguments: Fixtures.golden.map(\.file))
    func matchesGolden(file: String) throws {
        let entity = try #require(Fixtures.golden.first { $0.file == file }?.entity)
        let url = Fixtures.goldenDirectory.appendingPathComponent(file)
        let expected = Self.pretty(entity)
        if Self.updating {
            try Data(expected.utf8).write(to: url)
            Issue.record("rewrote \(file); review the diff, then run again without GPIOAGG_UPDATE_GOLDEN")
            return
        }
        let golden = try String(decoding: Data(contentsOf: url), as: UTF8.self)
        #expect(expected == golden)
    }

    @Test("the published message is the golden file's document, compact, retained, on its config topic",
          arguments: Fixtures.golden.map(\.file))
    func messageIsGolden(file: String) throws {
        let entity = try #require(Fixtures.golden.first { $0.file == file }?.entity)
        let golden = try Data(contentsOf: Fixtures.goldenDirectory.appendingPathComponent(file))
        let message = Fixtures.node.configMessage(for: entity)
        #expect(try JSONValue(parsing: Array(message.payload.utf8)) == JSONValue(parsing: Array(golden)))
        #expect(!message.payload.contains("\n"))
        #expect(message.retain)
        #expect(message.topic == "homeassistant/\(entity.component.rawValue)/garage/\(entity.name)/config")
    }

    @Test("the golden files are all there, and the README names each of them")
    func readmeNamesEveryFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.goldenDirectory.path)
        #expect(Set(files.filter { $0.hasSuffix(".json") }) == Set(Fixtures.golden.map(\.file)))
        let readme = try String(decoding: Data(contentsOf: Fixtures.goldenDirectory.appendingPathComponent("README.md")),
                                as: UTF8.self)
        for file in Fixtures.golden.map(\.file) {
            #expect(readme.contains(file), "Golden/README.md does not mention \(file)")
        }
    }

    @Test("keys come in one order whatever the entity: identity, topics, payloads, availability, device, origin")
    func keyOrder() {
        #expect(Fixtures.node.config(for: Fixtures.door).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "device_class", "state_topic", "payload_on",
            "payload_off", "availability_topic", "payload_available", "payload_not_available", "device", "origin",
        ])
        #expect(Fixtures.node.config(for: Fixtures.gate).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "command_topic", "state_topic", "payload_on",
            "payload_off", "availability_topic", "payload_available", "payload_not_available", "device", "origin",
        ])
        #expect(Fixtures.node.config(for: Fixtures.bellDouble).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "device_class", "state_topic", "event_types",
            "availability_topic", "payload_available", "payload_not_available", "device", "origin",
        ])
        #expect(Fixtures.node.config(for: Fixtures.waterUsed).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "device_class", "state_topic",
            "unit_of_measurement", "state_class", "suggested_display_precision", "availability", "availability_mode",
            "device", "origin",
        ])
        #expect(Fixtures.node.config(for: Fixtures.setpoint).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "device_class", "command_topic", "state_topic",
            "min", "max", "step", "unit_of_measurement", "mode", "availability", "availability_mode", "device", "origin",
        ])
    }

    @Test("a number without unit, range, step or mode leaves those keys out (Home Assistant's defaults, its auto mode)")
    func bareNumberKeys() {
        let bare = HomeAssistantEntity(name: "level", kind: .number)
        #expect(Fixtures.node.config(for: bare).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "command_topic", "state_topic",
            "availability", "availability_mode", "device", "origin",
        ])
        let count = HomeAssistantEntity(name: "count", kind: .sensor)
        let config = Fixtures.node.config(for: count)
        #expect(config["unit_of_measurement"] == nil)
        #expect(config["state_class"] == .string("measurement"))
        #expect(config["suggested_display_precision"] == .number(2))
    }

    @Test("a number is available only while the node and its own topic both say online")
    func numberAvailability() {
        let config = Fixtures.node.config(for: Fixtures.waterUsed)
        #expect(config["availability_topic"] == nil, "Home Assistant refuses availability_topic beside availability")
        #expect(config["availability_mode"] == .string("all"))
        let topics = config["availability"].flatMap { value -> [String]? in
            guard case .array(let list) = value else { return nil }
            return list.compactMap { item in
                guard case .object(let object) = item, case .string(let topic)? = object["topic"] else { return nil }
                return topic
            }
        }
        #expect(topics == ["gpioagg/garage/status", "gpioagg/garage/water_used/available"])
    }
}
