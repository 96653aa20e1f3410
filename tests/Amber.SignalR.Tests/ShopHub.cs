using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;

namespace Amber.SignalR.Tests
{
    public sealed class ShopHub : Hub
    {
        public Summary Describe(Point origin, Basket basket, Shape shape) =>
            new Summary(basket.Owner, basket.Items.Count, shape.GetType().Name + ":" + shape.Label,
                shape switch { Circle c => c.Radius, Square s => s.Side, _ => -1 }, origin.X);

        public async IAsyncEnumerable<Point> Walk(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            for (int i = 0; i < count; i++)
            {
                await Task.Yield();
                cancellationToken.ThrowIfCancellationRequested();
                yield return new Point(i, i * i);
            }
        }

        public async Task<int> Sum(IAsyncEnumerable<Point> points)
        {
            int sum = 0;
            await foreach (Point p in points) sum += p.X * 10 + p.Y;
            return sum;
        }

        public Task Join(string group) => Groups.AddToGroupAsync(Context.ConnectionId, group);

        public Task Post(string group, string text) => Clients.Group(group).SendAsync("Note", new Note(group, text));

        public string Greet(Profile profile) => "Hello " + profile.Name + " <" + (profile.Email ?? "no email") + ">";

        public int Add(int a, int b) => a + b;

        public string Introduce(IPlayer player) => player switch
        {
            Knight k => "knight " + k.Name + " armor " + k.Armor,
            Archer a => "archer " + a.Name + " arrows " + a.Arrows,
            _ => "unknown " + player.GetType().Name,
        };

        /// <summary>An interface as the result: the client reads it as IPlayer, so the value carries its type.</summary>
        public IPlayer Promote(IPlayer player) => player switch
        {
            Knight k => new Knight { Name = "sir " + k.Name, Armor = k.Armor + 1 },
            _ => new Archer(player.Name, 0),
        };

        /// <summary>The concrete class, sent by a client whose value carries its tag: the tag is read past.</summary>
        public int Armor(Knight knight) => knight.Armor;

        public string Roster(Team team) => team.Name + ": " + string.Join(", ", team.Players.Select(p => p.GetType().Name + " " + p.Name));

        public Task Announce(IPlayer player) => Clients.Caller.SendAsync("Joined", player);

        /// <summary>Nullable value types among other parameters: the hub declares T?, the client sends a T or null.</summary>
        public string Submit(string name, int? maybe, Mood? mood, Spot? spot, decimal? price) =>
            name + ": " + NullableSamples.DescribeAll(new object?[] { maybe, mood, spot, price });

        public Task<int?> Half(int x) => Task.FromResult(x % 2 == 0 ? x / 2 : (int?)null);
    }
}
