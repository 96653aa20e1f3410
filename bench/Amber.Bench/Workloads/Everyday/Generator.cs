using System;
using System.Collections.Generic;
using Amber.Bench.Workloads.Everyday;
using Engine;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// Builds each everyday case from its own Random over the suite's seed, so a case's values do not
    /// depend on the other cases' sizes.
    /// </summary>
    internal sealed class EverydayGenerator
    {
        private static readonly string[] Symbols =
        {
            "AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM", "ASML", "SAP", "NESN", "SHEL", "TTE", "SIE",
        };

        private static readonly string[] SpriteNames =
        {
            "player", "slime", "bat", "skeleton", "coin", "heart", "torch", "crate", "arrow", "spark", "door", "chest",
        };

        private static readonly string[] ChatLines =
        {
            "gg", "anyone up for a rematch?", "lag again…", "nice shot!", "brb", "who has the key?", "follow me, the exit is north",
            "need healing at the bridge", "lol", "thanks!", "wait for the others", "meet at the tavern", "Ünïcødé ftw ✓", "ok",
        };

        private static readonly string[] PlayerNames =
        {
            "Ash", "Brisk", "Corvin", "Dax", "Ember", "Finch", "Gale", "Hollow", "Isla", "Juno", "Kestrel", "Lark", "Mira", "Nox",
        };

        /// <summary>The blotter's trading day: trades fall within its six and a half hours.</summary>
        private static readonly DateTime MarketOpen = new DateTime(2026, 3, 2, 14, 30, 0, DateTimeKind.Utc);

        private static readonly DateTime LogStart = new DateTime(2026, 1, 12, 6, 0, 0, DateTimeKind.Utc);

        private readonly Random _r = new Random(BenchScale.Seed);

        private bool Chance(double p) => _r.NextDouble() < p;

        private T Pick<T>(T[] items) => items[_r.Next(items.Length)];

        /// <summary>A random Guid (not a version-4 one: any 16 bytes are a Guid), from the seeded Random.</summary>
        private Guid NextGuid()
        {
            Span<byte> bytes = stackalloc byte[16];
            _r.NextBytes(bytes);
            return new Guid(bytes);
        }

        /// <summary>Three in four UTC, the rest Unspecified (a time read from a database column with no zone).</summary>
        private DateTime Kinded(DateTime utc) => Chance(0.75) ? utc : DateTime.SpecifyKind(utc, DateTimeKind.Unspecified);

        /// <summary>A quarter-pixel coordinate: what a 2D engine stores, and exact in every format's text or binary form.</summary>
        private float Coordinate(int max) => _r.Next(max * 4) / 4f;

        public static TradeBlotter Trades(int count)
        {
            var g = new EverydayGenerator();
            var blotter = new TradeBlotter { Trades = new List<Trade>(count) };
            for (int i = 0; i < count; i++) blotter.Trades.Add(g.NextTrade());
            return blotter;
        }

        /// <summary>
        /// A price with 2 to 4 decimals kept as written (12.3400 has scale 4: a decimal keeps its trailing
        /// zeros), a quantity in round lots or odd ones, a time at 100 ns resolution.
        /// </summary>
        private Trade NextTrade()
        {
            byte scale = (byte)(2 + _r.Next(3));
            long unit = scale == 2 ? 100 : scale == 3 ? 1_000 : 10_000;
            long mantissa = _r.NextInt64(unit, 2_000 * unit);
            decimal price = new decimal((int)(mantissa & 0xFFFF_FFFF), (int)(mantissa >> 32), 0, false, scale);
            int quantity = Chance(0.6) ? 100 * (1 + _r.Next(50)) : 1 + _r.Next(999);
            DateTime time = Kinded(MarketOpen.AddTicks(_r.NextInt64(TimeSpan.FromHours(6.5).Ticks)));
            return new Trade(NextGuid(), Pick(Symbols), price, quantity, time, Chance(0.5) ? Side.Buy : Side.Sell);
        }

        public static ReadingLog Readings(int count)
        {
            var g = new EverydayGenerator();
            var log = new ReadingLog { Readings = new List<Reading>(count) };
            for (int i = 0; i < count; i++) log.Readings.Add(g.NextReading(i));
            return log;
        }

        /// <summary>Each nullable member is null one time in three; most readings are Ok.</summary>
        private Reading NextReading(int i)
        {
            const double Null = 1.0 / 3;
            int status = _r.Next(20);
            return new Reading
            {
                Id = 4_200_000_000L + i,
                Count = Chance(Null) ? null : _r.Next(5_000),
                Value = Chance(Null) ? null : Math.Round(_r.NextDouble() * 140 - 40, 3),
                Status = status < 16 ? Status.Ok : (Status)(status - 15),
                At = Chance(Null) ? null : Kinded(LogStart.AddSeconds(15 * i).AddTicks(_r.Next(10_000_000))),
                Unit = Chance(Null) ? null : (Unit)_r.Next(6),
                Flag = Chance(0.5),
            };
        }

        public static Scene Sprites(int count)
        {
            var g = new EverydayGenerator();
            var scene = new Scene { Sprites = new List<Sprite>(count) };
            for (int i = 0; i < count; i++) scene.Sprites.Add(g.NextSprite(i));
            return scene;
        }

        /// <summary>Most sprites are untinted (opaque white); three in ten have no name.</summary>
        private Sprite NextSprite(int i) => new Sprite
        {
            Id = i,
            Position = new Vector2 { X = Coordinate(4096), Y = Coordinate(2048) },
            Velocity = Chance(0.4) ? default : new Vector2 { X = _r.Next(-64, 65) / 8f, Y = _r.Next(-64, 65) / 8f },
            Rotation = Chance(0.7) ? 0f : _r.Next(720) / 2f,
            Tint = Chance(0.6)
                ? new Color { R = 255, G = 255, B = 255, A = 255 }
                : new Color { R = (byte)_r.Next(256), G = (byte)_r.Next(256), B = (byte)_r.Next(256), A = (byte)(Chance(0.5) ? 255 : _r.Next(256)) },
            Name = Chance(0.3) ? null : Pick(SpriteNames) + "_" + _r.Next(100),
            Layer = (Layer)_r.Next(5),
        };

        public static List<Message> Messages(int count)
        {
            var g = new EverydayGenerator();
            var messages = new List<Message>(count);
            for (int i = 0; i < count; i++) messages.Add(g.NextMessage(i));
            return messages;
        }

        /// <summary>Moves 45%, chat lines, pings and acks 17% each, joins 4%; the first five are one of each kind.</summary>
        private Message NextMessage(int i)
        {
            int kind = i < 5 ? i : _r.Next(100) switch
            {
                < 45 => 1,
                < 62 => 0,
                < 79 => 2,
                < 96 => 3,
                _ => 4,
            };
            return kind switch
            {
                0 => new ChatMessage { SenderId = 1 + _r.Next(5_000), Text = Pick(ChatLines) },
                1 => new MoveMessage { EntityId = 1 + _r.Next(5_000), X = Coordinate(4096), Y = Coordinate(2048) },
                2 => new PingMessage { SentAt = 1_772_000_000_000L + 50L * i + _r.Next(50) },
                3 => new AckMessage { MessageId = NextGuid() },
                _ => new JoinMessage { PlayerName = Pick(PlayerNames) + _r.Next(1_000), Faction = (Faction)_r.Next(4) },
            };
        }
    }
}
