import ArgumentParser

@main
struct AutoLayoutCommand: ParsableCommand {
    func run() throws {}
}
