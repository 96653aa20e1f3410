using System.Collections.Generic;

// What a netstandard2.1 project writes instead of the members that need .NET 8 (docs/unity.md): there is no
// UnsafeAccessor before .NET 8, so generated code can only use members it can name. Each type here
// compiles cleanly under netstandard2.1 / C# 9 and round-trips.
namespace Amber.Tests.NetStandard
{
    /// <summary>
    /// Instead of a private setter or private field with [AmberInclude] (AMB008 on netstandard2.1): an
    /// internal setter or field. Generated code is in this assembly and uses internal members directly, so
    /// they are serialized without any attribute.
    /// </summary>
    public class CharacterStats
    {
        public int Strength { get; internal set; }
        internal int hiddenSeed;
        internal List<string> perks = new List<string>();

        public int HiddenSeed => hiddenSeed;
        public IReadOnlyList<string> Perks => perks;

        public void Grant(int strength, int seed, params string[] newPerks)
        {
            Strength = strength;
            hiddenSeed = seed;
            perks.AddRange(newPerks);
        }
    }

    /// <summary>
    /// Instead of [AmberInclude] on readonly fields or get-only auto-properties (which need UnsafeAccessor to
    /// write): a public constructor whose parameters match the members by name.
    /// </summary>
    public sealed class WeaponBlueprint
    {
        public WeaponBlueprint(string name, int damage, float range)
        {
            Name = name;
            Damage = damage;
            Range = range;
        }

        public string Name { get; }
        public int Damage { get; }
        public float Range { get; }
    }

    /// <summary>A root of the limitation cases, so one call round-trips them together.</summary>
    public class Armory
    {
        public CharacterStats Stats = new CharacterStats();
        public List<WeaponBlueprint> Blueprints = new List<WeaponBlueprint>();
    }
}
