package sheetpdf

import (
	"github.com/promoctl/promoctl/internal/sheetpdf/qrcoding"
)

// A QR code is drawn from qrcoding's bitmap (rsc.io/qr/coding; about 13 µs a code,
// against 1.3 ms for boombuler/barcode, whose mask choice is slow: see
// docs/performance.md). Its Encode leaves the mask at 0 ("TODO: Pick
// appropriate mask"); qrEncoder picks, as the standard says, the mask of
// least penalty, so that no code of a sheet has the long runs, blocks and
// finder-like patterns that make scanners stumble.

// qrEncoder encodes QR codes, keeping the plans (the layout of a version
// with a mask) it has made: a sheet's codes are mostly of one version,
// and a plan costs more to make than a code.
type qrEncoder struct {
	plans map[qrcoding.Version]*[8]*qrcoding.Plan
	grid  []bool // penalty's, reused
}

// encode is text as a QR code with error correction M (15 % of it may be
// lost).
func (q *qrEncoder) encode(text string) (*qrcoding.Code, error) {
	enc := qrEncoding(text)
	v := qrcoding.Version(qrcoding.MinVersion)
	for enc.Bits(v) > v.DataBytes(qrcoding.M)*8 {
		if v++; v > qrcoding.MaxVersion {
			return nil, ErrQRTooLong
		}
	}
	if q.plans == nil {
		q.plans = map[qrcoding.Version]*[8]*qrcoding.Plan{}
	}
	plans := q.plans[v]
	if plans == nil {
		plans = new([8]*qrcoding.Plan)
		for m := range qrcoding.Mask(8) {
			p, err := qrcoding.NewPlan(v, qrcoding.M, m)
			if err != nil {
				return nil, err
			}
			plans[m] = p
		}
		q.plans[v] = plans
	}
	var best *qrcoding.Code
	bestPenalty := -1
	for _, p := range plans {
		c, err := p.Encode(enc)
		if err != nil {
			return nil, err
		}
		if pen := q.penalty(c); bestPenalty < 0 || pen < bestPenalty {
			best, bestPenalty = c, pen
		}
	}
	return best, nil
}

// qrEncoding is the smallest of QR's encodings that holds text: digits,
// the alphanumeric set (upper case, digits, space and $%*+-./:), or bytes.
func qrEncoding(text string) qrcoding.Encoding {
	switch {
	case qrcoding.Num(text).Check() == nil:
		return qrcoding.Num(text)
	case qrcoding.Alpha(text).Check() == nil:
		return qrcoding.Alpha(text)
	}
	return qrcoding.String(text)
}

// penalty scores a masked code by the four rules of ISO/IEC 18004
// (7.8.3): runs of five or more modules of one colour in a row or column,
// 2×2 blocks of one colour, the 1:1:3:1:1 pattern of a finder beside four
// light modules, and a dark share far from half.
func (q *qrEncoder) penalty(c *qrcoding.Code) int {
	n := c.Size
	if cap(q.grid) < n*n {
		q.grid = make([]bool, n*n)
	}
	grid := q.grid[:n*n] // row by row
	dark := 0
	for y := range n {
		for x := range n {
			d := c.Black(x, y)
			grid[y*n+x] = d
			if d {
				dark++
			}
		}
	}
	pen := 0
	finder := [11]bool{true, false, true, true, true, false, true, false, false, false, false}
	// Each row (step 1 along it, n to the next), then each column.
	for _, dir := range [][2]int{{1, n}, {n, 1}} {
		along, across := dir[0], dir[1]
		for line := range n {
			start := line * across
			run := 1
			for i := 1; i < n; i++ {
				if grid[start+i*along] == grid[start+(i-1)*along] {
					if run++; run == 5 {
						pen += 3
					} else if run > 5 {
						pen++
					}
				} else {
					run = 1
				}
			}
			for i := 0; i+11 <= n; i++ {
				fwd, back := true, true
				for k := 0; k < 11 && (fwd || back); k++ {
					d := grid[start+(i+k)*along]
					fwd = fwd && d == finder[k]
					back = back && d == finder[10-k]
				}
				if fwd {
					pen += 40
				}
				if back {
					pen += 40
				}
			}
		}
	}
	for y := 0; y+1 < n; y++ {
		for x := 0; x+1 < n; x++ {
			d := grid[y*n+x]
			if d == grid[y*n+x+1] && d == grid[(y+1)*n+x] && d == grid[(y+1)*n+x+1] {
				pen += 3
			}
		}
	}
	dev := dark*100/(n*n) - 50
	if dev < 0 {
		dev = -dev
	}
	return pen + dev/5*10
}
