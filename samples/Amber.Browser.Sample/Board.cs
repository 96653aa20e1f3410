using System;
using System.Collections.Generic;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Amber.Browser.Sample
{
    /// <summary>
    /// The shared board. Every binary WebSocket message a page sends is one Amber payload of a <see cref="Move"/>; the
    /// board reads it with Amber, stamps it with the page's id and the next sequence number, passes it to every other page
    /// (<see cref="BoardEventKind.Placed"/>) and acknowledges it to the sender (<see cref="BoardEventKind.Acknowledged"/>).
    /// A message Amber refuses, or a move off the board, closes that page's socket with a policy-violation status.
    /// </summary>
    public sealed class Board
    {
        /// <summary>Cells on each side of the board.</summary>
        public const int Size = 9;

        /// <summary>Events a page may fall behind before it is dropped: a page that stops reading cannot hold the board's memory.</summary>
        private const int Backlog = 256;

        /// <summary>
        /// What the board reads from a page: a message over 4 KiB is refused before any of it is read (the socket reads
        /// at most one byte more), and so are longer strings and lists than a move has any use for.
        /// </summary>
        public static AmberOptions Limits { get; } = new AmberOptions
        {
            MaxInputBytes = 4096,
            MaxStringLength = 1024,
            MaxCollectionLength = 16,
            MaxDepth = 4,
        };

        private readonly object _gate = new object();
        private readonly Dictionary<int, Page> _pages = new Dictionary<int, Page>();
        private readonly ILogger<Board> _log;
        private int _lastPage;
        private int _lastSequence;

        /// <summary>Creates the board (one per server).</summary>
        public Board(ILogger<Board> log) => _log = log;

        /// <summary>Serves one page's WebSocket, from its opening to its close.</summary>
        public async Task ServeAsync(HttpContext context)
        {
            if (!context.WebSockets.IsWebSocketRequest)
            {
                context.Response.StatusCode = StatusCodes.Status400BadRequest;
                return;
            }
            using WebSocket socket = await context.WebSockets.AcceptWebSocketAsync();
            CancellationToken aborted = context.RequestAborted;
            Page page;
            lock (_gate)
            {
                page = new Page(++_lastPage, socket);
                page.Post(AmberSerializer.Serialize(new BoardEvent { Kind = BoardEventKind.Welcome, Sender = page.Id }));
                PostToAll(new BoardEvent { Kind = BoardEventKind.Joined, Sender = page.Id });
                _pages.Add(page.Id, page);
            }
            _log.LogInformation("Page {Page} joined", page.Id);
            Task sending = page.SendAllAsync(aborted);
            string? refusal = null;
            try
            {
                refusal = await ReceiveAllAsync(page, aborted);
            }
            catch (Exception e) when (e is WebSocketException || e is OperationCanceledException)
            {
                // The page went away without a close message.
            }
            lock (_gate)
            {
                _pages.Remove(page.Id);
                PostToAll(new BoardEvent { Kind = BoardEventKind.Left, Sender = page.Id });
            }
            // The events already queued for the page go out first (one sender at a time), then the socket closes; a page
            // that stopped reading gets 10 s for them.
            page.Complete();
            try
            {
                await sending.WaitAsync(TimeSpan.FromSeconds(10));
            }
            catch (TimeoutException)
            {
                socket.Abort();
                await sending;
            }
            if (refusal == null) await CloseAsync(socket, WebSocketCloseStatus.NormalClosure, "");
            else await CloseAsync(socket, WebSocketCloseStatus.PolicyViolation, refusal);
            _log.LogInformation("Page {Page} left", page.Id);
        }

        /// <summary>Reads a page's messages until it closes (null) or sends one the board refuses (why, for the close).</summary>
        private async Task<string?> ReceiveAllAsync(Page page, CancellationToken ct)
        {
            // One byte more than a payload may have: a message that fills it is refused by Amber as too large.
            byte[] buffer = new byte[checked((int)Limits.MaxInputBytes + 1)];
            while (true)
            {
                int length = 0;
                ValueWebSocketReceiveResult result;
                do
                {
                    result = await page.Socket.ReceiveAsync(buffer.AsMemory(length), ct);
                    if (result.MessageType == WebSocketMessageType.Close) return null;
                    length += result.Count;
                }
                while (!result.EndOfMessage && length < buffer.Length);

                string? refusal = result.MessageType == WebSocketMessageType.Binary
                    ? Place(page, buffer.AsSpan(0, length))
                    : "A text message: the board reads binary messages, one Amber payload each.";
                if (refusal != null) return refusal;
            }
        }

        /// <summary>Reads one move and passes it on; returns why it was refused, or null.</summary>
        private string? Place(Page page, ReadOnlySpan<byte> payload)
        {
            Move? move;
            try
            {
                move = AmberSerializer.Deserialize<Move>(payload, Limits);
            }
            catch (AmberException e)
            {
                _log.LogWarning("Page {Page} sent {Length} bytes Amber refuses, closing it: {Message}", page.Id, payload.Length, e.Message);
                return e.Message;
            }
            string? wrong = move == null ? "The payload is a null move." : Check(move);
            if (wrong != null)
            {
                _log.LogWarning("Page {Page} sent a move the board refuses, closing it: {Problem}", page.Id, wrong);
                return wrong;
            }
            lock (_gate)
            {
                // Under the lock: every page sees the board's events in the order of their sequence numbers.
                var placed = new BoardEvent { Kind = BoardEventKind.Placed, Sender = page.Id, Sequence = ++_lastSequence, Move = move };
                PostToAll(placed, except: page);
                placed.Kind = BoardEventKind.Acknowledged;
                page.Post(AmberSerializer.Serialize(placed));
            }
            return null;
        }

        /// <summary>What Amber cannot know: whether the values make sense on this board.</summary>
        private static string? Check(Move move)
        {
            if (!Enum.IsDefined(move.Colour)) return "The colour " + (int)move.Colour + " is not a StoneColour.";
            Cell at = move.At;
            if (at.Row < 0 || at.Row >= Size || at.Column < 0 || at.Column >= Size)
                return "The cell (" + at.Row + ", " + at.Column + ") is not on the " + Size + " by " + Size + " board.";
            return null;
        }

        /// <summary>Serializes an event once and queues it for every page of the board but one (call under the lock).</summary>
        private void PostToAll(BoardEvent boardEvent, Page? except = null)
        {
            byte[] payload = AmberSerializer.Serialize(boardEvent);
            foreach (Page other in _pages.Values)
            {
                if (other != except) other.Post(payload);
            }
        }

        private static async Task CloseAsync(WebSocket socket, WebSocketCloseStatus status, string reason)
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(5));
            try
            {
                reason = Shorten(reason);
                // Open: the board closes first and waits for the page's answer; CloseReceived: the page closed first.
                if (socket.State == WebSocketState.Open) await socket.CloseAsync(status, reason, timeout.Token);
                else if (socket.State == WebSocketState.CloseReceived) await socket.CloseOutputAsync(status, reason, timeout.Token);
            }
            catch (Exception e) when (e is WebSocketException || e is OperationCanceledException)
            {
                // The page went away first.
            }
        }

        /// <summary>A close reason is at most 123 bytes of UTF-8: cut at a character boundary.</summary>
        private static string Shorten(string reason)
        {
            const int MaxReasonBytes = 123;
            if (Encoding.UTF8.GetByteCount(reason) <= MaxReasonBytes) return reason;
            int length = reason.Length;
            while (Encoding.UTF8.GetByteCount(reason.AsSpan(0, length)) > MaxReasonBytes - 3 || char.IsHighSurrogate(reason[length - 1])) length--;
            return reason.Substring(0, length) + "...";
        }

        /// <summary>One connected page: its socket, and the events queued for it, sent one at a time.</summary>
        private sealed class Page
        {
            private readonly Channel<byte[]> _outbox = Channel.CreateBounded<byte[]>(new BoundedChannelOptions(Backlog) { SingleReader = true });

            public Page(int id, WebSocket socket)
            {
                Id = id;
                Socket = socket;
            }

            public int Id { get; }

            public WebSocket Socket { get; }

            /// <summary>Queues one payload; a page too far behind is disconnected (its receiving side then ends).</summary>
            public void Post(byte[] payload)
            {
                if (!_outbox.Writer.TryWrite(payload)) Socket.Abort();
            }

            public void Complete() => _outbox.Writer.TryComplete();

            public async Task SendAllAsync(CancellationToken ct)
            {
                try
                {
                    await foreach (byte[] payload in _outbox.Reader.ReadAllAsync(ct))
                        await Socket.SendAsync(payload, WebSocketMessageType.Binary, endOfMessage: true, ct);
                }
                catch (Exception e) when (e is WebSocketException || e is OperationCanceledException)
                {
                    // The page went away: its receiving side ends too.
                }
            }
        }
    }
}
