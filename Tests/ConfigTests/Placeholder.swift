import Testing
import Config
