// SwiftPM links an executable's entry point as `<module>_main`; this one hands control to libFuzzer.
