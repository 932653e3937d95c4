import Testing
import Engine
