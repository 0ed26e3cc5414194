// A failing test: the summary must count it and exit non-zero.
it('fails', () => expect('actual').toBe('expected'));
