using System.Collections.Generic;

// The page and the server exchange these types, one Amber payload per WebSocket message: the page sends a Move, the
// server sends BoardEvents. client/board.schema.json is their schema (`amber schema`); the page's types and codec are
// generated from it (amber-ts), and run-browser-test.sh fails when it is not the schema of this file.
namespace Amber.Browser.Sample
{
    /// <summary>The colour of a stone (an enum: a varint on the wire).</summary>
    public enum StoneColour
    {
        /// <summary>Black.</summary>
        Black,

        /// <summary>White.</summary>
        White,

        /// <summary>Red.</summary>
        Red,

        /// <summary>Green.</summary>
        Green,

        /// <summary>Blue.</summary>
        Blue,

        /// <summary>Violet.</summary>
        Violet,
    }

    /// <summary>A cell of the board. A struct of two ints: written inline, as one 8-byte row (docs/format.md §5.1).</summary>
    public struct Cell
    {
        /// <summary>The row, from 0 at the top.</summary>
        public int Row { get; set; }

        /// <summary>The column, from 0 at the left.</summary>
        public int Column { get; set; }
    }

    /// <summary>A stone a player places: what a page sends.</summary>
    public sealed class Move
    {
        /// <summary>The name the player typed.</summary>
        public string Player { get; set; } = "";

        /// <summary>The stone's colour.</summary>
        public StoneColour Colour { get; set; }

        /// <summary>Where the stone goes.</summary>
        public Cell At { get; set; }

        /// <summary>The page's own count of the moves it sent, from 1.</summary>
        public int Turn { get; set; }

        /// <summary>A line of text that goes with the stone.</summary>
        public string Note { get; set; } = "";

        /// <summary>Short labels.</summary>
        public List<string> Tags { get; set; } = new List<string>();
    }

    /// <summary>What a <see cref="BoardEvent"/> says.</summary>
    public enum BoardEventKind
    {
        /// <summary>To a page that has just connected: its own <see cref="BoardEvent.Sender"/> id.</summary>
        Welcome,

        /// <summary>Another page has connected.</summary>
        Joined,

        /// <summary>Another page placed <see cref="BoardEvent.Move"/>.</summary>
        Placed,

        /// <summary>To the page that sent <see cref="BoardEvent.Move"/>: the server read it and passed it on.</summary>
        Acknowledged,

        /// <summary>Another page has left, or was disconnected.</summary>
        Left,
    }

    /// <summary>What the server sends a page: a move stamped with its sender and its place in the board's order.</summary>
    public sealed class BoardEvent
    {
        /// <summary>What happened.</summary>
        public BoardEventKind Kind { get; set; }

        /// <summary>The id the server gave the page the event is about.</summary>
        public int Sender { get; set; }

        /// <summary>The move's number in the board's order, from 1 (0 when there is no move).</summary>
        public int Sequence { get; set; }

        /// <summary>The move, as the server read it (<see cref="BoardEventKind.Placed"/> and <see cref="BoardEventKind.Acknowledged"/>).</summary>
        public Move? Move { get; set; }
    }
}
