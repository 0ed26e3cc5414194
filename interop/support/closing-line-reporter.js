// Prints the run's closing line in the form .ci/run prints for every suite: "interop: N passed, N failed".
class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(`\ninterop: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
  }
}

module.exports = ClosingLineReporter;
