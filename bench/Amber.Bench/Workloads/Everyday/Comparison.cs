using Amber.Bench.Workloads.Everyday;
using Engine;

namespace Amber.Bench.Workloads
{
    public sealed partial class EverydayWorkload
    {
        public static void CompareTrades(Comparer c, TradeBlotter e, TradeBlotter a) =>
            c.Object("", e, a, (c, p, e, a) => c.Sequence("Trades", e.Trades, a.Trades, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Symbol", e.Symbol, a.Symbol);
                // Decimal equality ignores the scale (12.34 == 12.3400); a price keeps its decimals.
                c.Equal(p + ".Price", e.Price, a.Price);
                c.Equal(p + ".Price.Scale", e.Price.Scale, a.Price.Scale);
                c.Equal(p + ".Quantity", e.Quantity, a.Quantity);
                c.Time(p + ".Time", e.Time, a.Time);
                c.Equal(p + ".Side", e.Side, a.Side);
            })));

        public static void CompareReadings(Comparer c, ReadingLog e, ReadingLog a) =>
            c.Object("", e, a, (c, p, e, a) => c.Sequence("Readings", e.Readings, a.Readings, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Count", e.Count, a.Count);
                c.Equal(p + ".Value", e.Value, a.Value);
                c.Equal(p + ".Status", e.Status, a.Status);
                c.Time(p + ".At", e.At, a.At);
                c.Equal(p + ".Unit", e.Unit, a.Unit);
                c.Equal(p + ".Flag", e.Flag, a.Flag);
            })));

        public static void CompareScene(Comparer c, Scene e, Scene a) =>
            c.Object("", e, a, (c, p, e, a) => c.Sequence("Sprites", e.Sprites, a.Sprites, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                CompareVector(c, p + ".Position", e.Position, a.Position);
                CompareVector(c, p + ".Velocity", e.Velocity, a.Velocity);
                c.Equal(p + ".Rotation", e.Rotation, a.Rotation);
                c.Equal(p + ".Tint.R", e.Tint.R, a.Tint.R);
                c.Equal(p + ".Tint.G", e.Tint.G, a.Tint.G);
                c.Equal(p + ".Tint.B", e.Tint.B, a.Tint.B);
                c.Equal(p + ".Tint.A", e.Tint.A, a.Tint.A);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".Layer", e.Layer, a.Layer);
            })));

        private static void CompareVector(Comparer c, string p, Vector2 e, Vector2 a)
        {
            c.Equal(p + ".X", e.X, a.X);
            c.Equal(p + ".Y", e.Y, a.Y);
        }

        /// <summary>One message and its copy: the same concrete type, then its members.</summary>
        public static void CompareMessage(Comparer c, string path, Message e, Message a) => c.Polymorphic(path, e, a, (c, p, e, a) =>
        {
            switch (e)
            {
                case ChatMessage chat:
                    var aChat = (ChatMessage)a;
                    c.Equal(p + ".SenderId", chat.SenderId, aChat.SenderId);
                    c.Equal(p + ".Text", chat.Text, aChat.Text);
                    break;
                case MoveMessage move:
                    var aMove = (MoveMessage)a;
                    c.Equal(p + ".EntityId", move.EntityId, aMove.EntityId);
                    c.Equal(p + ".X", move.X, aMove.X);
                    c.Equal(p + ".Y", move.Y, aMove.Y);
                    break;
                case PingMessage ping:
                    c.Equal(p + ".SentAt", ping.SentAt, ((PingMessage)a).SentAt);
                    break;
                case AckMessage ack:
                    c.Equal(p + ".MessageId", ack.MessageId, ((AckMessage)a).MessageId);
                    break;
                case JoinMessage join:
                    var aJoin = (JoinMessage)a;
                    c.Equal(p + ".PlayerName", join.PlayerName, aJoin.PlayerName);
                    c.Equal(p + ".Faction", join.Faction, aJoin.Faction);
                    break;
                default:
                    c.Fail(p, "no comparison for " + e.GetType().Name);
                    break;
            }
        });
    }
}
