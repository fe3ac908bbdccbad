import Testing
@testable import TactileSDL

/// `TACTILE_FRAME_EXPERIMENT`'s words (FrameExperiment), parsed: nothing
/// here runs a frame.
struct FrameExperimentTests {
    @Test func noWordsIsNoExperiment() {
        let experiment = FrameExperiment(words: "")
        #expect(!experiment.skipsRender && !experiment.addsWork && !experiment.logsFrames && !experiment.logsFaults)
    }

    @Test func wordsAndSizesAreRead() {
        let experiment = FrameExperiment(words: "no-render,sweep=8M pages=2K,spin=800,log-frames,faults,stream=1M")
        #expect(experiment.skipsRender)
        #expect(experiment.sweepBytes == 8 * 1_048_576)
        #expect(experiment.streamBytes == 1_048_576)
        #expect(experiment.pageCount == 2_048)
        #expect(experiment.spinMicroseconds == 800)
        #expect(experiment.logsFrames && experiment.logsFaults)
        #expect(experiment.addsWork)
    }

    @Test func unknownWordsAndBadSizesChangeNothing() {
        let experiment = FrameExperiment(words: "render-twice,sweep=lots,pages=")
        #expect(!experiment.skipsRender && experiment.sweepBytes == 0 && experiment.pageCount == 0)
        #expect(!experiment.addsWork)
    }

    @Test func aStreamAddsWorkAndIsKeptWithinItsRing() {
        #expect(FrameExperiment(words: "stream=256K").addsWork)
        #expect(FrameExperiment(words: "stream=1024M").streamBytes == FrameExperiment.ringBytes)
    }
}
