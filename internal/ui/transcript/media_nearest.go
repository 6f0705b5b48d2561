package transcript

import "github.com/hermes/iris/internal/store"

// NearestMedia is the chip to select first when none is: the first (step
// > 0) or last (step < 0) chip on screen; with none on screen, the nearest
// one above the view, else the nearest below. "" when the lane has no
// media.
func (m *Model) NearestMedia(step int) string {
	src := m.src()
	var visible []string
	above, below := "", ""
	for i := 0; i < src.Len(); i++ {
		it := src.lane.Item(i)
		if it.Kind != store.KindMessage || it.Msg == nil || len(it.Msg.Media) == 0 {
			continue
		}
		_, onScreen := m.itemRow(i)
		switch {
		case onScreen:
			for _, md := range it.Msg.Media {
				visible = append(visible, md.MediaID)
			}
		case i < m.vp.top:
			above = it.Msg.Media[len(it.Msg.Media)-1].MediaID
		case below == "":
			below = it.Msg.Media[0].MediaID
		}
	}
	switch {
	case len(visible) > 0 && step < 0:
		return visible[len(visible)-1]
	case len(visible) > 0:
		return visible[0]
	case above != "":
		return above
	}
	return below
}
