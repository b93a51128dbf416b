package modeltest

import "github.com/electlab/electlab/model"

// CoinPair is the state of a process of CoinPairAlg.
type CoinPair struct {
	Round  int32
	Mine   int8 // this round's coin, -1 until it is known
	Other  int8 // the other's coin for this round, -1 until received
	Leader model.ID
	Coord  bool
	// LastIn and LastCoin are the kind and the coin of the last input,
	// kept only when CoinPairAlg's record is set.
	LastIn   model.InputKind
	LastCoin int
}

// FlipMsg is CoinPairAlg's one message kind: a process's coin (B) for a
// round (A).
var FlipMsg = &model.Kind{Name: "flip", Args: 2}

var coinPairKinds = model.Number(FlipMsg)

// CoinPairAlg is a test-only randomized election on two anonymous
// processes (model.Outbox.Flip): each flips a fair coin and sends the
// outcome to the other; 1 against 0 makes the first the coordinator, a
// tie makes both flip again, at most maxTies times when maxTies > 0 (then
// they give up). With record, a state keeps the kind and the coin of its
// last input (LastIn, LastCoin).
func CoinPairAlg(record bool, maxTies int32) *model.Algorithm[CoinPair] {
	return &model.Algorithm[CoinPair]{
		Info: model.Info{Name: "coinpair", Topology: model.Complete, Kinds: coinPairKinds},
		Init: func(*model.Env) CoinPair { return CoinPair{Mine: -1, Other: -1} },
		Step: func(env *model.Env, s CoinPair, in model.Input, out *model.Outbox) CoinPair {
			if record {
				s.LastIn, s.LastCoin = in.Kind, in.Coin
			}
			other := env.Next()
			switch in.Kind {
			case model.InStart:
				out.Flip(2)
				return s
			case model.InCoin:
				s.Mine = int8(in.Coin)
				out.Send(other, FlipMsg, s.Round, int32(in.Coin))
			case model.InDeliver:
				s.Other = int8(in.Msgs[0].B)
			}
			if s.Mine < 0 || s.Other < 0 {
				return s
			}
			switch {
			case s.Mine == 1 && s.Other == 0:
				s.Leader, s.Coord = env.Self, true
			case s.Mine == 0 && s.Other == 1:
				s.Leader = other
			case maxTies > 0 && s.Round >= maxTies:
			default:
				s.Round++
				s.Mine, s.Other = -1, -1
				out.Flip(2)
			}
			return s
		},
		View: func(s CoinPair) model.View { return model.View{Leader: s.Leader, Coordinator: s.Coord} },
	}
}
