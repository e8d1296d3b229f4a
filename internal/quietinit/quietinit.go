// Package quietinit keeps the initialisers of the linked libraries from
// talking to the terminal. Import it from package main only, and call
// Release first thing in main.
//
// Why it exists: charmbracelet/bubbletea v1 (pulled in by huh) has
//
//	func init() { _ = lipgloss.HasDarkBackground() }
//
// which makes termenv ask the terminal on standard output for its
// background colour (it writes ESC ] 11 ; ? and waits for the answer for up
// to termenv.OSCTimeout, five seconds). It runs before main, for every
// command, even `promoctl --version`; a terminal that does not answer such
// queries stalls every command for five seconds.
//
// What it does: while the libraries initialise, descriptor 1 (standard
// output) points at /dev/null, so termenv finds no terminal there and asks
// nothing; Release points descriptor 1 back at the real standard output.
// The *os.File os.Stdout is unchanged throughout (only the descriptor it
// wraps is swapped), so whatever a library kept of it works after Release.
// The only visible difference is what an initialiser learns by asking
// whether standard output is a terminal: of the libraries linked today,
// only fatih/color does (for its NoColor, which promoctl never uses:
// tables are coloured by internal/output through lipgloss).
//
// Why this package initialises in time: Go initialises packages sorted by
// import path, each time the first one whose imports are all initialised.
// termenv imports text/template, whose path sorts after this package's,
// and this package imports only os and syscall, which text/template
// depends on too. When text/template's turn comes, this package is ready
// and sorts first, so it has been initialised before text/template, and so
// before termenv, lipgloss and bubbletea. (A package of ours cannot run
// between lipgloss and bubbletea instead: bubbletea sorts before any
// github.com/promoctl path and is ready as soon as lipgloss is.)
// TestNoTerminalQueries, in package main, checks the outcome on a
// pseudo-terminal.
//
// The form that does need the background colour asks for it itself, right
// before it draws, and waits only moments for the answer (see
// internal/prompt).
package quietinit
