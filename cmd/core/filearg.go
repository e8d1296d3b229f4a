package core

import (
	"context"
	"errors"
	"io"
	"os"
)

// ReadFileArg reads the file a -f flag names, or stdin for "-", refusing
// one larger than limit bytes (a whole number of MiB) and saying why there
// is a limit. It reads at most limit+1 bytes, so a huge file is refused
// without being read whole; paths and stdin have the same limit.
func ReadFileArg(name string, stdin io.Reader, limit int64, why string) ([]byte, error) {
	r := stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, Usagef("--file: %v", err)
		}
		defer fh.Close()
		r = fh
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if errors.Is(err, context.Canceled) { // Ctrl-C while stdin was read
		return nil, err
	}
	if err != nil {
		return nil, Usagef("--file %s: %v", name, err)
	}
	if int64(len(data)) > limit {
		return nil, Usagef("--file %s is larger than %d MiB%s", name, limit>>20, why)
	}
	return data, nil
}
